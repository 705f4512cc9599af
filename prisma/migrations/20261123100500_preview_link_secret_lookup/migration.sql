-- Preview links are found by the sha256 of their secret, as checkouts, reports and bookings are by their token's
-- (lib/domain/secret-tokens.ts), no longer by their id. Every row already holds that digest (secretHash), so there is
-- nothing to backfill; the index makes it the lookup key. Two 256-bit secrets with one digest do not occur.

-- CreateIndex
CREATE UNIQUE INDEX "PreviewLink_secretHash_key" ON "PreviewLink"("secretHash");
