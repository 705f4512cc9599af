-- AlterTable
ALTER TABLE "Job" ADD COLUMN "acknowledgedAt" DATETIME;
ALTER TABLE "Job" ADD COLUMN "traceContext" TEXT;

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN "acknowledgedAt" DATETIME;
ALTER TABLE "OutboxMessage" ADD COLUMN "failingSince" DATETIME;

-- CreateTable
CREATE TABLE "JobRunner" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "lastBeatAt" DATETIME NOT NULL,
    "jobsRunning" INTEGER NOT NULL DEFAULT 0,
    "stoppedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Incident" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "check" TEXT NOT NULL,
    "openCheck" TEXT,
    "summary" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "since" DATETIME NOT NULL,
    "openedAt" DATETIME NOT NULL,
    "closedAt" DATETIME,
    "alertOutboxId" TEXT,
    "clearOutboxId" TEXT
);

-- CreateIndex
CREATE INDEX "JobRunner_stoppedAt_lastBeatAt_idx" ON "JobRunner"("stoppedAt", "lastBeatAt");

-- CreateIndex
CREATE UNIQUE INDEX "Incident_openCheck_key" ON "Incident"("openCheck");

-- CreateIndex
CREATE INDEX "Incident_openedAt_idx" ON "Incident"("openedAt");
