-- CreateTable
CREATE TABLE "CalendarConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "consultantId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "serverUrl" TEXT,
    "username" TEXT,
    "sealedSecret" TEXT NOT NULL,
    "principalUrl" TEXT,
    "bookingCalendarUrl" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "lastSyncedAt" DATETIME,
    "lastAttemptAt" DATETIME,
    "lastError" TEXT,
    "failingSince" DATETIME,
    "feedEtag" TEXT,
    "feedLastModified" TEXT,
    CONSTRAINT "CalendarConnection_consultantId_fkey" FOREIGN KEY ("consultantId") REFERENCES "Consultant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalendarCollection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "connectionId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "countsAsBusy" BOOLEAN NOT NULL DEFAULT true,
    "supportsSync" BOOLEAN NOT NULL DEFAULT false,
    "syncToken" TEXT,
    "expandedUntil" DATETIME,
    CONSTRAINT "CalendarCollection_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "CalendarConnection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalendarObject" (
    "collectionId" TEXT NOT NULL,
    "href" TEXT NOT NULL,
    "etag" TEXT,
    "data" TEXT NOT NULL,

    PRIMARY KEY ("collectionId", "href"),
    CONSTRAINT "CalendarObject_collectionId_fkey" FOREIGN KEY ("collectionId") REFERENCES "CalendarCollection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalendarBusyInterval" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "consultantId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "start" DATETIME NOT NULL,
    "end" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BookingCalendarEvent" (
    "bookingId" TEXT NOT NULL PRIMARY KEY,
    "connectionId" TEXT NOT NULL,
    "href" TEXT NOT NULL,
    "etag" TEXT,
    "sequence" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CalendarSubscription" (
    "consultantId" TEXT NOT NULL PRIMARY KEY,
    "secretDigest" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "CalendarSubscription_consultantId_fkey" FOREIGN KEY ("consultantId") REFERENCES "Consultant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CalendarConnection_consultantId_idx" ON "CalendarConnection"("consultantId");

-- CreateIndex
CREATE INDEX "CalendarConnection_failingSince_idx" ON "CalendarConnection"("failingSince");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarCollection_connectionId_url_key" ON "CalendarCollection"("connectionId", "url");

-- CreateIndex
CREATE INDEX "CalendarBusyInterval_consultantId_start_idx" ON "CalendarBusyInterval"("consultantId", "start");

-- CreateIndex
CREATE INDEX "CalendarBusyInterval_collectionId_idx" ON "CalendarBusyInterval"("collectionId");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarSubscription_secretDigest_key" ON "CalendarSubscription"("secretDigest");
