import Link from 'next/link';
import { mayAccess } from '@/lib/domain/staff/roles';
import { requireStaff } from '@/lib/staff-web/current-staff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview' };

export default async function StaffHome() {
  const staff = await requireStaff('any', '/staff');
  const areas = [
    {
      area: 'content' as const,
      href: '/staff/content',
      title: 'Content',
      text: 'Edit insights, services and prices, testimonials, FAQs, principles and tools, and the company profile as drafts; preview, share, schedule and publish.',
    },
    {
      area: 'calendars' as const,
      href: '/staff/content/consultants',
      title: 'Calendars',
      text: 'Consultants\u2019 working days, hours and holidays, which decide when visitors can book.',
    },
    { area: 'inbox' as const, href: '/staff/inquiries', title: 'Inquiries', text: 'Read what visitors sent and move each inquiry along.' },
    { area: 'inbox' as const, href: '/staff/bookings', title: 'Bookings', text: 'Schedule pending consultation requests, cancel bookings.' },
    {
      area: 'reports' as const,
      href: '/staff/reports',
      title: 'Reports',
      text: 'Write the local-visibility reports buyers paid for; watch the website audits, run a failed one again.',
    },
    { area: 'outbox' as const, href: '/staff/outbox', title: 'Outbox', text: 'Every email the site sends, as sent. Send again what failed.' },
    { area: 'audit' as const, href: '/staff/audit', title: 'Audit log', text: 'Who changed what, and when.' },
    { area: 'jobs' as const, href: '/staff/jobs', title: 'Jobs', text: 'Work that runs after a request: payments, expiry sweeps. Retry what failed for good.' },
    {
      area: 'webhooks' as const,
      href: '/staff/webhooks',
      title: 'Webhooks',
      text: 'Signed events for the CRM, Slack or accounting: where they go, what each receiver answered, and sending again.',
    },
  ].filter((item) => mayAccess(staff, item.area));
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">Hello, {staff.displayName}</h1>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {areas.map((item) => (
          <li key={item.href} className="rounded-lg border border-line bg-surface p-6">
            <h2 className="font-serif text-xl font-semibold">
              <Link className="underline-offset-4 hover:underline" href={item.href}>
                {item.title}
              </Link>
            </h2>
            <p className="mt-2 text-ink-muted">{item.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
