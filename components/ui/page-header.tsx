import type { ReactNode } from 'react';

/** The top of a page: an optional eyebrow, the page's only h1, and a lead paragraph. */
export function PageHeader({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-accent">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl font-serif text-3xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        {lead && <div className="mt-4 max-w-2xl text-lg text-ink-muted">{lead}</div>}
        {children}
      </div>
    </div>
  );
}
