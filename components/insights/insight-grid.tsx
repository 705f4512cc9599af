import type { ReactNode } from 'react';

/** Insight cards in one column on phones, two on tablets, three on wide screens. */
export function InsightGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 }) {
  return <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>{children}</ul>;
}
