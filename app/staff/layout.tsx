import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { SkipLink } from '@/components/skip-link';
import { currentStaff } from '@/lib/staff-web/current-staff';
import { signOutAction } from './sign-in/actions';
import { staffAreasOf } from './staff-areas';

export const metadata: Metadata = { title: { default: 'Staff', template: '%s | Staff | Throughline Partners' }, robots: { index: false, follow: false } };

/** Staff chrome: links to the areas this role may use, and sign-out (a POST). Each page checks access itself. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const staff = await currentStaff();
  const links = staff ? [{ href: '/staff', title: 'Overview' }, ...staffAreasOf(staff)] : [];
  return (
    <>
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <Link href="/staff" className="font-serif text-lg font-semibold">
            Throughline Partners · Staff
          </Link>
          {staff && (
            <nav aria-label="Staff">
              <ul className="flex flex-wrap gap-4 text-sm">
                {links.map((link) => (
                  <li key={link.href}>
                    <Link className="underline-offset-4 hover:underline" href={link.href}>
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {staff && (
            <form action={signOutAction} className="flex items-center gap-3 text-sm">
              <span className="text-ink-muted">
                {staff.displayName} ({staff.role})
              </span>
              <button type="submit" className="rounded-md border border-line px-3 py-1.5 font-medium">
                Sign out
              </button>
            </form>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-10 focus:outline-none">
        {children}
      </main>
    </>
  );
}
