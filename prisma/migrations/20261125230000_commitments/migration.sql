-- CreateTable
CREATE TABLE "Commitment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "dueAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "ownerId" TEXT,
    "inquiryNumber" INTEGER,
    "bookingId" TEXT,
    "reportToken" TEXT,
    "remindedAt" DATETIME,
    "missedAt" DATETIME,
    "missReason" TEXT,
    "keptAt" DATETIME,
    "voidedAt" DATETIME,
    "closedById" TEXT,
    "closedByName" TEXT,
    "closeNote" TEXT,
    CONSTRAINT "Commitment_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "StaffUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Commitment_inquiryNumber_fkey" FOREIGN KEY ("inquiryNumber") REFERENCES "Inquiry" ("number") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Commitment_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Commitment_reportToken_fkey" FOREIGN KEY ("reportToken") REFERENCES "Report" ("token") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Commitment_closedById_fkey" FOREIGN KEY ("closedById") REFERENCES "StaffUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Commitment_state_dueAt_idx" ON "Commitment"("state", "dueAt");

-- CreateIndex
CREATE INDEX "Commitment_ownerId_state_dueAt_idx" ON "Commitment"("ownerId", "state", "dueAt");

-- CreateIndex
CREATE INDEX "Commitment_kind_dueAt_idx" ON "Commitment"("kind", "dueAt");

-- CreateIndex
CREATE INDEX "Commitment_kind_state_keptAt_idx" ON "Commitment"("kind", "state", "keptAt");

-- CreateIndex
CREATE INDEX "Commitment_inquiryNumber_idx" ON "Commitment"("inquiryNumber");

-- CreateIndex
CREATE INDEX "Commitment_bookingId_idx" ON "Commitment"("bookingId");

-- CreateIndex
CREATE INDEX "Commitment_reportToken_idx" ON "Commitment"("reportToken");

-- Backfill: the promises already made by records written before this table existed (docs/staff.md, Commitments).
-- Times are Prisma's SQLite text (2026-11-24T15:00:00.000+00:00), so they compare as strings; the migration's own
-- clock is the only "now" here. A promise already overdue now is recorded as missed now (missedAt is when a miss was
-- recorded, as the watch does), with its reminder counted as sent, so the first watch after the upgrade sends no burst
-- of reminders and notices about old records.
-- (PostgreSQL has no data before its baseline: prisma/postgres/migrations holds no backfill.)

-- Inquiries still waiting for a reply: due at the estimatedResponse they were promised.
INSERT INTO "Commitment" ("id", "kind", "state", "dueAt", "createdAt", "inquiryNumber", "remindedAt", "missedAt", "missReason")
SELECT 'cmt_backfill_' || lower(hex(randomblob(16))), 'inquiry-reply',
       CASE WHEN i."estimatedResponseAt" <= n.now THEN 'missed' ELSE 'open' END,
       i."estimatedResponseAt", i."submittedAt", i."number",
       CASE WHEN i."estimatedResponseAt" <= n.now THEN n.now END,
       CASE WHEN i."estimatedResponseAt" <= n.now THEN n.now END,
       CASE WHEN i."estimatedResponseAt" <= n.now THEN 'Already overdue when commitments began to be tracked.' END
FROM "Inquiry" i, (SELECT strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') AS now) n
WHERE i."status" = 'submitted';

-- Inquiries already answered: kept when they first moved past submitted, by whoever moved them (late if after the
-- promise), so the response times of Availability.averageResponseTime have a history from the first day.
INSERT INTO "Commitment" ("id", "kind", "state", "dueAt", "createdAt", "inquiryNumber", "remindedAt", "missedAt", "missReason",
                          "keptAt", "closedById", "closedByName", "closeNote")
SELECT 'cmt_backfill_' || lower(hex(randomblob(16))), 'inquiry-reply', 'kept',
       i."estimatedResponseAt", i."submittedAt", i."number", NULL,
       CASE WHEN c."createdAt" > i."estimatedResponseAt" THEN i."estimatedResponseAt" END,
       CASE WHEN c."createdAt" > i."estimatedResponseAt" THEN 'Not answered by the due time (recorded before commitments were tracked).' END,
       c."createdAt", c."actorId", s."displayName", 'moved to ' || c."toStatus"
FROM "Inquiry" i
JOIN "InquiryStatusChange" c ON c."id" = (
  SELECT first."id" FROM "InquiryStatusChange" first
  WHERE first."inquiryNumber" = i."number" AND first."fromStatus" = 'submitted'
  ORDER BY first."createdAt", first."id" LIMIT 1)
JOIN "StaffUser" s ON s."id" = c."actorId"
WHERE i."status" <> 'submitted';

-- Pending booking requests: a decision was promised within one working day (the business-hours rule needs the firm's
-- calendar, which SQL does not have: a day, or to Monday over the weekend), and before the requested time.
INSERT INTO "Commitment" ("id", "kind", "state", "dueAt", "createdAt", "bookingId", "remindedAt", "missedAt", "missReason")
SELECT 'cmt_backfill_' || lower(hex(randomblob(16))), 'booking-decision',
       CASE WHEN d.due <= n.now THEN 'missed' ELSE 'open' END,
       d.due, b."createdAt", b."id",
       CASE WHEN d.due <= n.now THEN n.now END,
       CASE WHEN d.due <= n.now THEN n.now END,
       CASE WHEN d.due <= n.now THEN 'Already overdue when commitments began to be tracked.' END
FROM "Booking" b
JOIN (SELECT "id", MIN("scheduledStart", strftime('%Y-%m-%dT%H:%M:%f+00:00', "createdAt",
        CASE strftime('%w', "createdAt", '-5 hours') WHEN '5' THEN '+3 days' WHEN '6' THEN '+2 days' ELSE '+1 days' END)) AS due
      FROM "Booking") d ON d."id" = b."id",
     (SELECT strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') AS now) n
WHERE b."status" = 'pending';

-- Consultant reports not yet published: due a week per week of the service's timeline after payment (five business
-- days make a week), owned by the consultant writing it.
INSERT INTO "Commitment" ("id", "kind", "state", "dueAt", "createdAt", "reportToken", "ownerId", "remindedAt", "missedAt", "missReason")
SELECT 'cmt_backfill_' || lower(hex(randomblob(16))), 'report-delivery',
       CASE WHEN d.due <= n.now THEN 'missed' ELSE 'open' END,
       d.due, r."createdAt", r."token", r."claimedById",
       CASE WHEN d.due <= n.now THEN n.now END,
       CASE WHEN d.due <= n.now THEN n.now END,
       CASE WHEN d.due <= n.now THEN 'Already overdue when commitments began to be tracked.' END
FROM "Report" r
JOIN (SELECT rr."token", strftime('%Y-%m-%dT%H:%M:%f+00:00', rr."createdAt",
        '+' || (7 * COALESCE((SELECT sv."timelineMaxWeeks" FROM "Service" sv WHERE sv."id" = rr."serviceId"), 1)) || ' days') AS due
      FROM "Report" rr) d ON d."token" = r."token",
     (SELECT strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') AS now) n
WHERE r."producer" = 'consultant' AND r."status" IN ('queued', 'processing');

-- Website audits still queued or running: expected within 30 minutes of payment (WEBSITE_AUDIT_EXPECTED_MINUTES).
INSERT INTO "Commitment" ("id", "kind", "state", "dueAt", "createdAt", "reportToken", "remindedAt", "missedAt", "missReason")
SELECT 'cmt_backfill_' || lower(hex(randomblob(16))), 'website-audit',
       CASE WHEN d.due <= n.now THEN 'missed' ELSE 'open' END,
       d.due, r."createdAt", r."token",
       CASE WHEN d.due <= n.now THEN n.now END,
       CASE WHEN d.due <= n.now THEN n.now END,
       CASE WHEN d.due <= n.now THEN 'Already overdue when commitments began to be tracked.' END
FROM "Report" r
JOIN (SELECT "token", strftime('%Y-%m-%dT%H:%M:%f+00:00', "createdAt", '+30 minutes') AS due FROM "Report") d ON d."token" = r."token",
     (SELECT strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') AS now) n
WHERE r."producer" = 'system' AND r."status" IN ('queued', 'processing');
