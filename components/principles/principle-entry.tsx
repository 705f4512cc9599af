import type { ReactNode } from 'react';

/** One principle or tool: an anchor target (/principles#<id>) with its facts as a description list. */
export function PrincipleEntry({
  id,
  name,
  description,
  facts,
}: {
  id: string;
  name: string;
  description: string;
  /** Label → text, in the order shown; a fact without text is left out. */
  facts: Record<string, string | null | undefined>;
}) {
  const shown = Object.entries(facts).flatMap(([label, text]) => (text ? [{ label, text }] : []));
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 rounded-lg border border-line bg-surface p-6 sm:p-8">
      <h3 id={`${id}-title`} className="font-serif text-2xl font-semibold leading-snug">
        {name}
      </h3>
      <p className="mt-4 leading-relaxed">{description}</p>
      {shown.length > 0 && (
        <dl className="mt-6 grid gap-6 border-t border-line pt-6 sm:grid-cols-2">
          {shown.map((fact) => (
            <div key={fact.label}>
              <dt className="text-sm font-semibold uppercase tracking-wide text-accent">{fact.label}</dt>
              <dd className="mt-2 text-ink-muted">{fact.text}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-6 text-sm">
        <a href="#contents" className="text-ink-muted underline underline-offset-4 hover:text-ink">
          Back to contents<span className="sr-only"> (from {name})</span>
        </a>
      </p>
    </article>
  );
}

/** A titled group of entries (principles, or tools); its heading names the region. */
export function PrincipleGroup({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <h2 id={`${id}-heading`} className="font-serif text-3xl font-semibold">
        {title}
      </h2>
      <p className="mt-3 max-w-2xl text-ink-muted">{intro}</p>
      <div className="mt-8 space-y-8">{children}</div>
    </section>
  );
}
