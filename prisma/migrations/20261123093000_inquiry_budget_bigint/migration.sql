-- Budgets in minor units as BIGINT: the contract allows 10^9 major units (10^11 minor), past PostgreSQL's 32-bit
-- INTEGER. SQLite stores both the same way, so nothing is lost in the copy.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Inquiry" (
    "number" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "companyName" TEXT NOT NULL,
    "contactName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "problemDescription" TEXT NOT NULL,
    "industry" TEXT,
    "organizationSize" TEXT,
    "urgency" TEXT,
    "preferredServices" JSONB NOT NULL,
    "budgetMinMinor" BIGINT,
    "budgetMaxMinor" BIGINT,
    "budgetCurrency" TEXT,
    "timeline" TEXT,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "estimatedResponseAt" DATETIME NOT NULL
);
INSERT INTO "new_Inquiry" ("budgetCurrency", "budgetMaxMinor", "budgetMinMinor", "companyName", "contactName", "email", "estimatedResponseAt", "id", "industry", "number", "organizationSize", "phone", "preferredServices", "problemDescription", "status", "submittedAt", "timeline", "urgency") SELECT "budgetCurrency", "budgetMaxMinor", "budgetMinMinor", "companyName", "contactName", "email", "estimatedResponseAt", "id", "industry", "number", "organizationSize", "phone", "preferredServices", "problemDescription", "status", "submittedAt", "timeline", "urgency" FROM "Inquiry";
DROP TABLE "Inquiry";
ALTER TABLE "new_Inquiry" RENAME TO "Inquiry";
CREATE UNIQUE INDEX "Inquiry_id_key" ON "Inquiry"("id");
CREATE INDEX "Inquiry_status_submittedAt_idx" ON "Inquiry"("status", "submittedAt");
CREATE INDEX "Inquiry_urgency_submittedAt_idx" ON "Inquiry"("urgency", "submittedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
