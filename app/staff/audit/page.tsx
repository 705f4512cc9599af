import { formatDateTime } from '@/lib/format';
import { recentAuditEntries } from '@/lib/domain/staff/audit-log';
import { requireStaff } from '@/lib/staff-web/current-staff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Audit log' };

export default async function AuditPage() {
  await requireStaff('audit', '/staff/audit');
  const entries = await recentAuditEntries();
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Audit log</h1>
      <table className="mt-6 w-full border-collapse text-left text-sm">
        <caption className="sr-only">The latest changes, newest first</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3">
              When
            </th>
            <th scope="col" className="py-2 pr-3">
              Who
            </th>
            <th scope="col" className="py-2 pr-3">
              What
            </th>
            <th scope="col" className="py-2">
              Item
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-line">
              <td className="py-2 pr-3">{formatDateTime(entry.createdAt.toISOString())}</td>
              <td className="py-2 pr-3">{entry.actorEmail}</td>
              <td className="py-2 pr-3">{entry.action}</td>
              <td className="py-2">
                {entry.entityType} {entry.entityId}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
