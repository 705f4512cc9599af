import Link from 'next/link';
import { INQUIRY_STATUSES, URGENCIES } from '@/lib/contract/inquiries';
import { formatDateTime } from '@/lib/format';
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
      <h1 className="font-serif text-3xl font-semibold">Inquiries</h1>
      <form method="get" className="mt-6 flex flex-wrap items-end gap-4">
        <label className="block">
          <span className="block text-sm font-medium">Status</span>
          <select name="status" defaultValue={status ?? ''} className="mt-1 rounded-md border border-ink/40 bg-surface px-3 py-2">
            <option value="">Any</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="block text-sm font-medium">Urgency</span>
          <select name="urgency" defaultValue={urgency ?? ''} className="mt-1 rounded-md border border-ink/40 bg-surface px-3 py-2">
            <option value="">Any</option>
            {URGENCIES.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-line px-4 py-2 font-medium">
          Filter
        </button>
      </form>
      <table className="mt-6 w-full border-collapse text-left text-sm">
        <caption className="sr-only">Inquiries, newest first</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3">
              Ticket
            </th>
            <th scope="col" className="py-2 pr-3">
              Company
            </th>
            <th scope="col" className="py-2 pr-3">
              Urgency
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2">
              Received
            </th>
          </tr>
        </thead>
        <tbody>
          {inquiries.map((inquiry) => (
            <tr key={inquiry.id} className="border-b border-line">
              <td className="py-2 pr-3">
                <Link className="underline" href={`/staff/inquiries/${inquiry.id}`}>
                  {inquiry.supportTicket}
                </Link>
              </td>
              <td className="py-2 pr-3">{inquiry.companyName}</td>
              <td className="py-2 pr-3">{inquiry.urgency ?? '–'}</td>
              <td className="py-2 pr-3">{inquiry.status}</td>
              <td className="py-2">{formatDateTime(inquiry.submittedAt.toISOString())}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {inquiries.length === 0 && <p className="mt-6 text-ink-muted">No inquiries match.</p>}
    </>
  );
}
