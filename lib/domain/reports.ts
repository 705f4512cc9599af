import type { ReportRecordBody } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import { notFound } from './errors';

/** A purchased audit's report: queued when its checkout completes, with findings once ready. */
export async function getReport(token: string): Promise<ReportRecordBody> {
  const report = await db.report.findUnique({ where: { token } });
  if (!report) throw notFound('Report', token);
  return {
    token: report.token,
    status: report.status as ReportRecordBody['status'],
    serviceId: report.serviceId,
    createdAt: report.createdAt.toISOString(),
    readyAt: report.readyAt?.toISOString() ?? null,
    findings: report.status === 'ready' ? (report.findings as ReportRecordBody['findings']) : null,
  };
}
