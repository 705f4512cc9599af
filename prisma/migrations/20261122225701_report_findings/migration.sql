-- AlterTable
ALTER TABLE "Report" ADD COLUMN "failureReason" TEXT;
ALTER TABLE "Report" ADD COLUMN "summary" JSONB;
