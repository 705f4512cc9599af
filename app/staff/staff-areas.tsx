import Link from 'next/link';
import type { StaffActor } from '@/lib/domain/staff/roles';
import { mayAccess } from '@/lib/domain/staff/roles';

const AREAS = [
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
  { area: 'audit' as const, href: '/staff/audit', title: 'Audit log', text: 'Who changed what, and when.' },
];

/** The areas of a role that has no promises to keep (marketing): where its work is. */
export function StaffAreas({ staff }: { staff: StaffActor }) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2">
      {AREAS.filter((item) => mayAccess(staff, item.area)).map((item) => (
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
  );
}
