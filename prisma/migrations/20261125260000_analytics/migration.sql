-- CreateTable
CREATE TABLE "AnalyticsSalt" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AnalyticsPageView" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "day" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "visitor" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "insightId" TEXT,
    "serviceId" TEXT,
    "referrerHost" TEXT,
    "utmSource" TEXT,
    "utmMedium" TEXT,
    "utmCampaign" TEXT,
    "country" TEXT,
    "device" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 1,
    "source" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "AnalyticsEngagement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "day" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "visitor" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "insightId" TEXT,
    "seconds" INTEGER NOT NULL,
    "scrollPercent" INTEGER
);

-- CreateTable
CREATE TABLE "AnalyticsConversion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "day" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "visitor" TEXT NOT NULL,
    "visitDay" TEXT NOT NULL,
    "subject" TEXT,
    "serviceId" TEXT,
    "amountMinor" INTEGER,
    "currency" TEXT,
    "attributed" BOOLEAN NOT NULL DEFAULT false,
    "landingPath" TEXT,
    "lastInsightId" TEXT,
    "referrerHost" TEXT,
    "utmSource" TEXT,
    "utmMedium" TEXT,
    "utmCampaign" TEXT
);

-- CreateTable
CREATE TABLE "AnalyticsDailyTraffic" (
    "day" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "pageViews" INTEGER NOT NULL,
    "visitors" INTEGER NOT NULL,
    "visits" INTEGER NOT NULL,

    PRIMARY KEY ("dimension", "day", "key")
);

-- CreateTable
CREATE TABLE "AnalyticsDailyReading" (
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "insightId" TEXT,
    "reads" INTEGER NOT NULL,
    "seconds" INTEGER NOT NULL,
    "scrollReports" INTEGER NOT NULL,
    "scrollSum" INTEGER NOT NULL,
    "upTo10s" INTEGER NOT NULL,
    "upTo20s" INTEGER NOT NULL,
    "upTo30s" INTEGER NOT NULL,
    "upTo45s" INTEGER NOT NULL,
    "upTo60s" INTEGER NOT NULL,
    "upTo90s" INTEGER NOT NULL,
    "upTo120s" INTEGER NOT NULL,
    "upTo180s" INTEGER NOT NULL,
    "upTo300s" INTEGER NOT NULL,
    "upTo600s" INTEGER NOT NULL,
    "upTo1200s" INTEGER NOT NULL,
    "over1200s" INTEGER NOT NULL,

    PRIMARY KEY ("path", "day")
);

-- CreateTable
CREATE TABLE "AnalyticsDailyConversion" (
    "day" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "conversions" INTEGER NOT NULL,
    "amountMinor" INTEGER NOT NULL,

    PRIMARY KEY ("dimension", "day", "kind", "key")
);

-- CreateTable
CREATE TABLE "AnalyticsRollupDay" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "fingerprint" TEXT NOT NULL,
    "settled" BOOLEAN NOT NULL DEFAULT false,
    "builtAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "AnalyticsPageView_day_visitor_at_idx" ON "AnalyticsPageView"("day", "visitor", "at");

-- CreateIndex
CREATE INDEX "AnalyticsEngagement_day_idx" ON "AnalyticsEngagement"("day");

-- CreateIndex
CREATE INDEX "AnalyticsConversion_day_idx" ON "AnalyticsConversion"("day");

-- CreateIndex
CREATE INDEX "AnalyticsConversion_attributed_at_idx" ON "AnalyticsConversion"("attributed", "at");

-- CreateIndex
CREATE UNIQUE INDEX "AnalyticsConversion_subject_kind_key" ON "AnalyticsConversion"("subject", "kind");

-- CreateIndex
CREATE INDEX "AnalyticsDailyReading_insightId_day_idx" ON "AnalyticsDailyReading"("insightId", "day");
