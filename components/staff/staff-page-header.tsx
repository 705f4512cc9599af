import type { ReactNode } from 'react';

/** The top of a staff list page: its title, and (as children) what happens there. */
export function StaffPageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">{title}</h1>
      {children && <p className="mt-2 max-w-3xl text-ink-muted">{children}</p>}
    </>
  );
}
