-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "eventTypes" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "disabledReason" TEXT,
    "secret" TEXT NOT NULL,
    "previousSecret" TEXT,
    "previousSecretExpiresAt" DATETIME,
    "failingSince" DATETIME,
    "backoffUntil" DATETIME,
    "missedFrom" DATETIME,
    "missedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "sequence" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "test" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "sequence" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "jobId" TEXT NOT NULL,
    "nextAttemptAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "WebhookEvent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebhookDeliveryAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "deliveryId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "outcome" TEXT NOT NULL,
    "error" TEXT,
    CONSTRAINT "WebhookDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "WebhookEvent_id_key" ON "WebhookEvent"("id");

-- CreateIndex
CREATE INDEX "WebhookEvent_createdAt_idx" ON "WebhookEvent"("createdAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_type_createdAt_idx" ON "WebhookEvent"("type", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_id_key" ON "WebhookDelivery"("id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_sequence_idx" ON "WebhookDelivery"("endpointId", "status", "sequence");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_sequence_idx" ON "WebhookDelivery"("endpointId", "sequence");

-- CreateIndex
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");

-- CreateIndex
CREATE INDEX "WebhookDeliveryAttempt_deliveryId_number_idx" ON "WebhookDeliveryAttempt"("deliveryId", "number");
