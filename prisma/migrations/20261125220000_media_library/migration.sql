-- The media library (issue 22): images, their processed sizes, the database storage of their bytes, and the
-- columns that place an image in an insight (hero and body), a service and a leader's portrait.
-- AlterTable
ALTER TABLE "Insight" ADD COLUMN "bodyMediaIds" JSONB;
ALTER TABLE "Insight" ADD COLUMN "imageCaption" TEXT;
ALTER TABLE "Insight" ADD COLUMN "imageCredit" TEXT;
ALTER TABLE "Insight" ADD COLUMN "imageId" TEXT;

-- AlterTable
ALTER TABLE "Leader" ADD COLUMN "portraitId" TEXT;

-- AlterTable
ALTER TABLE "Service" ADD COLUMN "imageId" TEXT;

-- CreateTable
CREATE TABLE "MediaAsset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "alt" TEXT,
    "decorative" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'processing',
    "failureReason" TEXT,
    "sourceType" TEXT NOT NULL,
    "sourceBytes" INTEGER NOT NULL,
    "originalKey" TEXT NOT NULL,
    "originalType" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "focalX" REAL NOT NULL DEFAULT 0.5,
    "focalY" REAL NOT NULL DEFAULT 0.5,
    "version" INTEGER NOT NULL DEFAULT 1,
    "renditions" JSONB,
    "placeholder" TEXT,
    "dominantColor" TEXT,
    "uploadedById" TEXT NOT NULL,
    "uploadedByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "processedAt" DATETIME
);

-- CreateTable
CREATE TABLE "MediaVariant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "mediaId" TEXT NOT NULL,
    "rendition" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    CONSTRAINT "MediaVariant_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "MediaAsset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MediaBlob" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "contentType" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "MediaAsset_createdAt_idx" ON "MediaAsset"("createdAt");

-- CreateIndex
CREATE INDEX "MediaVariant_hash_slot_format_idx" ON "MediaVariant"("hash", "slot", "format");

-- CreateIndex
CREATE UNIQUE INDEX "MediaVariant_mediaId_rendition_slot_format_key" ON "MediaVariant"("mediaId", "rendition", "slot", "format");
