-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Report" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "checkoutToken" TEXT NOT NULL,
    "serviceId" TEXT NOT NULL,
    "producer" TEXT NOT NULL DEFAULT 'consultant',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "findings" JSONB,
    "summary" JSONB,
    "failureReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" DATETIME,
    "claimedById" TEXT,
    "claimedAt" DATETIME,
    "draftFindings" JSONB,
    "draftSavedAt" DATETIME,
    CONSTRAINT "Report_checkoutToken_fkey" FOREIGN KEY ("checkoutToken") REFERENCES "Checkout" ("token") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Report_claimedById_fkey" FOREIGN KEY ("claimedById") REFERENCES "StaffUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Report" ("checkoutToken", "createdAt", "failureReason", "findings", "readyAt", "serviceId", "status", "summary", "token") SELECT "checkoutToken", "createdAt", "failureReason", "findings", "readyAt", "serviceId", "status", "summary", "token" FROM "Report";
DROP TABLE "Report";
ALTER TABLE "new_Report" RENAME TO "Report";
CREATE UNIQUE INDEX "Report_checkoutToken_key" ON "Report"("checkoutToken");
CREATE INDEX "Report_producer_status_createdAt_idx" ON "Report"("producer", "status", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Backfill (hand-written). A report whose checkout named a page to audit is the website offer audit, which the
-- system produces; every other report is written by a consultant.
UPDATE "Report" SET "producer" = 'system'
WHERE "checkoutToken" IN (SELECT "token" FROM "Checkout" WHERE json_extract("buyerInputs", '$.url_to_audit') IS NOT NULL);

-- Website audits paid for before the audit job existed were left queued: give each one its job now. Dates in the
-- format the Prisma SQLite adapter writes (ISO 8601 with +00:00), because the runner compares them as text.
INSERT INTO "Job" ("id", "type", "payload", "status", "runAt", "attempts", "maxAttempts", "createdAt", "updatedAt")
SELECT 'job_' || lower(hex(randomblob(16))), 'reports.url-audit', json_object('reportToken', "token"), 'queued',
       strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), 0, 5, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
FROM "Report" WHERE "producer" = 'system' AND "status" = 'queued';
