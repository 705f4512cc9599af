import type { ReactNode } from 'react';

/** One step of the workflow beside the editor (publish, schedule, share, take offline). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-line bg-surface p-4">
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
