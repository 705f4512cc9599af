import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffTable } from '@/components/staff/staff-table';
import { firmDateTime } from '@/lib/firm-time';
import { recentAuditEntries } from '@/lib/domain/staff/audit-log';
import { requireStaff } from '@/lib/staff-web/current-staff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Audit log' };

export default async function AuditPage() {
  await requireStaff('audit', '/staff/audit');
  const entries = await recentAuditEntries();
  return (
    <>
      <StaffPageHeader title="Audit log" />
      <StaffTable
        className="mt-6"
        caption="The latest changes, newest first"
        rows={entries}
        columns={[
          { heading: 'When', cell: (entry) => firmDateTime(entry.createdAt) },
          { heading: 'Who', cell: (entry) => entry.actorEmail },
          { heading: 'What', cell: (entry) => entry.action },
          { heading: 'Item', cell: (entry) => `${entry.entityType} ${entry.entityId}` },
        ]}
      />
    </>
  );
}
