import type { ReactNode } from 'react';

/** A titled part of a staff page; its heading labels the region for screen readers. */
export function StaffSection({ id, title, className = 'mt-10', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
