import type { ReactNode } from 'react';

/** A titled band of a page; the heading labels the region for screen readers. */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto max-w-6xl px-4 py-12">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold sm:text-3xl">
        {title}
      </h2>
      {intro && <div className="mt-3 max-w-2xl text-ink-muted">{intro}</div>}
      <div className="mt-8">{children}</div>
    </section>
  );
}
