import Link from 'next/link';
import { insightsHref } from './insights-href';

const LINK = 'inline-flex items-center gap-1 rounded-md border border-ink/30 bg-surface px-4 py-2 font-medium text-ink hover:border-ink';

/** Previous and next links with "page X of Y"; nothing when everything fits on one page. */
export function PaginationNav({ page, pageCount, q, topic }: { page: number; pageCount: number; q?: string; topic?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={insightsHref({ q, topic, page: page - 1 })} rel="prev" className={LINK}>
          <span aria-hidden="true">←</span> Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-ink-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link href={insightsHref({ q, topic, page: page + 1 })} rel="next" className={LINK}>
          Next page <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
