-- Bookings made before this migration get a management token of their own (256 random bits, hex), so the
-- links in messages about them work like everyone else's.
-- AlterTable
ALTER TABLE "Checkout" ADD COLUMN "buyerEmail" TEXT;
ALTER TABLE "Checkout" ADD COLUMN "buyerName" TEXT;

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "recipients" JSONB NOT NULL,
    "subject" TEXT NOT NULL,
    "message" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "smtpResponse" TEXT,
    "aboutType" TEXT NOT NULL,
    "aboutId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Booking" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "context" TEXT NOT NULL,
    "serviceType" TEXT,
    "durationMinutes" INTEGER NOT NULL,
    "preferredTimes" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "scheduledStart" DATETIME NOT NULL,
    "scheduledEnd" DATETIME NOT NULL,
    "consultantId" TEXT,
    "meetingLink" TEXT,
    "manageToken" TEXT NOT NULL,
    "calendarSequence" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" DATETIME,
    "cancelledBy" TEXT,
    CONSTRAINT "Booking_consultantId_fkey" FOREIGN KEY ("consultantId") REFERENCES "Consultant" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Booking" ("cancelledAt", "consultantId", "context", "createdAt", "durationMinutes", "email", "id", "meetingLink", "name", "phone", "preferredTimes", "scheduledEnd", "scheduledStart", "serviceType", "status", "manageToken") SELECT "cancelledAt", "consultantId", "context", "createdAt", "durationMinutes", "email", "id", "meetingLink", "name", "phone", "preferredTimes", "scheduledEnd", "scheduledStart", "serviceType", "status", lower(hex(randomblob(32))) FROM "Booking";
DROP TABLE "Booking";
ALTER TABLE "new_Booking" RENAME TO "Booking";
CREATE UNIQUE INDEX "Booking_manageToken_key" ON "Booking"("manageToken");
CREATE INDEX "Booking_status_scheduledStart_idx" ON "Booking"("status", "scheduledStart");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "OutboxMessage_status_createdAt_idx" ON "OutboxMessage"("status", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_createdAt_idx" ON "OutboxMessage"("createdAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_aboutType_aboutId_idx" ON "OutboxMessage"("aboutType", "aboutId");
