import { db } from '@/lib/db/client';

/** The newest audit entries, for /staff/audit. */
export async function recentAuditEntries(limit = 100) {
  return db.auditLog.findMany({ orderBy: { createdAt: 'desc' }, take: limit });
}
