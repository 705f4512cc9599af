-- CreateTable
CREATE TABLE "Inquiry" (
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
    "budgetMinMinor" INTEGER,
    "budgetMaxMinor" INTEGER,
    "budgetCurrency" TEXT,
    "timeline" TEXT,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "estimatedResponseAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Booking" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" DATETIME,
    CONSTRAINT "Booking_consultantId_fkey" FOREIGN KEY ("consultantId") REFERENCES "Consultant" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BookingSlotClaim" (
    "consultantId" TEXT NOT NULL,
    "slotStart" DATETIME NOT NULL,
    "bookingId" TEXT NOT NULL,

    PRIMARY KEY ("consultantId", "slotStart"),
    CONSTRAINT "BookingSlotClaim_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Checkout" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "serviceId" TEXT NOT NULL,
    "serviceName" TEXT NOT NULL,
    "amountMinor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "purchaseDigest" TEXT NOT NULL,
    "buyerInputs" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "provider" TEXT NOT NULL,
    "providerSessionId" TEXT NOT NULL,
    "paymentUrl" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "completedAt" DATETIME,
    "cancelledAt" DATETIME
);

-- CreateTable
CREATE TABLE "Report" (
    "token" TEXT NOT NULL PRIMARY KEY,
    "checkoutToken" TEXT NOT NULL,
    "serviceId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "findings" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" DATETIME,
    CONSTRAINT "Report_checkoutToken_fkey" FOREIGN KEY ("checkoutToken") REFERENCES "Checkout" ("token") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "operation" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER,
    "responseBody" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("operation", "key")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Service" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "publishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "ctaType" TEXT NOT NULL,
    "pricingModel" TEXT NOT NULL,
    "priceMinor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "fixedPrice" BOOLEAN NOT NULL DEFAULT true,
    "priceGuarantee" TEXT,
    "timelineMinWeeks" INTEGER NOT NULL,
    "timelineMaxWeeks" INTEGER NOT NULL,
    "timelineDescription" TEXT NOT NULL,
    "deliverables" JSONB NOT NULL,
    "benefits" JSONB NOT NULL,
    "process" JSONB NOT NULL,
    "industryExpertise" JSONB NOT NULL,
    "buyerInputs" JSONB NOT NULL,
    "deliversReport" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_Service" ("benefits", "buyerInputs", "category", "createdAt", "ctaType", "currency", "deliverables", "description", "fixedPrice", "id", "industryExpertise", "name", "priceGuarantee", "priceMinor", "pricingModel", "process", "publishedAt", "sortOrder", "status", "timelineDescription", "timelineMaxWeeks", "timelineMinWeeks", "updatedAt") SELECT "benefits", "buyerInputs", "category", "createdAt", "ctaType", "currency", "deliverables", "description", "fixedPrice", "id", "industryExpertise", "name", "priceGuarantee", "priceMinor", "pricingModel", "process", "publishedAt", "sortOrder", "status", "timelineDescription", "timelineMaxWeeks", "timelineMinWeeks", "updatedAt" FROM "Service";
DROP TABLE "Service";
ALTER TABLE "new_Service" RENAME TO "Service";
CREATE INDEX "Service_status_category_sortOrder_idx" ON "Service"("status", "category", "sortOrder");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Inquiry_id_key" ON "Inquiry"("id");

-- CreateIndex
CREATE INDEX "Inquiry_status_submittedAt_idx" ON "Inquiry"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "Booking_status_scheduledStart_idx" ON "Booking"("status", "scheduledStart");

-- CreateIndex
CREATE INDEX "BookingSlotClaim_bookingId_idx" ON "BookingSlotClaim"("bookingId");

-- CreateIndex
CREATE UNIQUE INDEX "Checkout_providerSessionId_key" ON "Checkout"("providerSessionId");

-- CreateIndex
CREATE UNIQUE INDEX "Report_checkoutToken_key" ON "Report"("checkoutToken");
