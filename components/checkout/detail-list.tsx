import type { ReactNode } from 'react';

export interface DetailRow {
  term: string;
  value: ReactNode;
  /** For tests that read one value, e.g. the status. */
  testId?: string;
}

/** A receipt-style list of terms and values: the order and report status pages. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="divide-y divide-line rounded-lg border border-line bg-surface">
      {rows.map((row) => (
        <div key={row.term} className="flex flex-col gap-1 p-4 sm:flex-row sm:justify-between sm:gap-6">
          <dt className="text-ink-muted">{row.term}</dt>
          <dd className="font-medium sm:text-right" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
