import Link from 'next/link';
import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { staffAreasOf } from './staff-areas';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview' };

export default async function StaffHome() {
  const staff = await requireStaff('any', '/staff');
  const areas = staffAreasOf(staff);
  return (
    <>
      <StaffPageHeader title={`Hello, ${staff.displayName}`} />
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
