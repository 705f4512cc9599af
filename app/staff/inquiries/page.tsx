import Link from 'next/link';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { StaffSelect } from '@/components/staff/staff-select';
import { StaffTable } from '@/components/staff/staff-table';
import { INQUIRY_STATUSES, URGENCIES } from '@/lib/contract/inquiries';
import { firmDateTime } from '@/lib/firm-time';
import { listInquiries } from '@/lib/domain/staff/inbox';
import { requireStaff } from '@/lib/staff-web/current-staff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Inquiries' };

export default async function InquiriesPage({ searchParams }: { searchParams: Promise<{ status?: string; urgency?: string }> }) {
  await requireStaff('inbox', '/staff/inquiries');
  const query = await searchParams;
  const status = (INQUIRY_STATUSES as readonly string[]).includes(query.status ?? '') ? query.status : undefined;
  const urgency = (URGENCIES as readonly string[]).includes(query.urgency ?? '') ? query.urgency : undefined;
  const inquiries = await listInquiries({ status, urgency });
  return (
    <>
      <StaffPageHeader title="Inquiries" />
      <form method="get" className="mt-6 flex flex-wrap items-end gap-4">
        <StaffSelect label="Status" name="status" options={INQUIRY_STATUSES} defaultValue={status ?? ''} blank="Any" />
        <StaffSelect label="Urgency" name="urgency" options={URGENCIES} defaultValue={urgency ?? ''} blank="Any" />
        <button type="submit" className="rounded-md border border-line px-4 py-2 font-medium">
          Filter
        </button>
      </form>
      <StaffTable
        className="mt-6"
        caption="Inquiries, newest first"
        empty="No inquiries match."
        rows={inquiries}
        columns={[
          {
            heading: 'Ticket',
            cell: (inquiry) => (
              <Link className="underline" href={`/staff/inquiries/${inquiry.id}`}>
                {inquiry.supportTicket}
              </Link>
            ),
          },
          { heading: 'Company', cell: (inquiry) => inquiry.companyName },
          { heading: 'Urgency', cell: (inquiry) => inquiry.urgency ?? '–' },
          { heading: 'Status', cell: (inquiry) => inquiry.status },
          { heading: 'Received', cell: (inquiry) => firmDateTime(inquiry.submittedAt) },
        ]}
      />
    </>
  );
}
