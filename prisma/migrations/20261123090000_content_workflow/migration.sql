-- CreateTable
CREATE TABLE "ContentDraft" (
    "type" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updatedById" TEXT NOT NULL,
    "updatedByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "publishAt" DATETIME,
    "scheduleId" TEXT,
    "scheduledById" TEXT,
    "scheduledByName" TEXT,

    PRIMARY KEY ("type", "itemId")
);

-- CreateTable
CREATE TABLE "ContentVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "type" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "source" TEXT NOT NULL,
    "publishedById" TEXT,
    "publishedByName" TEXT NOT NULL,
    "note" TEXT,
    "publishedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scheduleId" TEXT
);

-- CreateTable
CREATE TABLE "PreviewLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "secretHash" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdByName" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    "revokedByName" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "ContentVersion_scheduleId_key" ON "ContentVersion"("scheduleId");

-- CreateIndex
CREATE UNIQUE INDEX "ContentVersion_type_itemId_number_key" ON "ContentVersion"("type", "itemId", "number");

-- CreateIndex
CREATE INDEX "PreviewLink_type_itemId_idx" ON "PreviewLink"("type", "itemId");

