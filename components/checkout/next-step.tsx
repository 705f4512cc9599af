import type { ReactNode } from 'react';

/** A short "what happens now" box under an order or report status. */
export function NextStep({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="next-step-heading" className="rounded-lg border border-line bg-surface p-6">
      <h2 id="next-step-heading" className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}
