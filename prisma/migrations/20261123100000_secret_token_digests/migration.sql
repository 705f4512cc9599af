-- Public secret tokens are looked up by their sha256 (lib/domain/secret-tokens.ts), never by the token itself.
-- SQLite has no sha256 function, so rows created before this migration get their digests from
-- scripts/lib/token-digest-backfill.mjs, which `npm start` runs after migrating (PostgreSQL can fill them here:
-- UPDATE "Checkout" SET "tokenDigest" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE "tokenDigest" IS NULL).

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "manageTokenDigest" TEXT;

-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "tokenDigest" TEXT;

-- AlterTable
ALTER TABLE "Report" ADD COLUMN "tokenDigest" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Booking_manageTokenDigest_key" ON "Booking"("manageTokenDigest");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_tokenDigest_key" ON "Checkout"("tokenDigest");

-- CreateIndex
CREATE UNIQUE INDEX "Report_tokenDigest_key" ON "Report"("tokenDigest");
