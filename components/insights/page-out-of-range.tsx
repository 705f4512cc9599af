import Link from 'next/link';
import { insightsHref } from './insights-href';
import { quotedQuery } from './quoted-query';

/** A page number past the end (or not a number): say so and offer the pages that exist, rather than an error. */
export function PageOutOfRange({ requested, pageCount, q, topic }: { requested: string; pageCount: number; q?: string; topic?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-6">
      <p className="font-semibold">There is no page {quotedQuery(requested)} here.</p>
      <p className="mt-2 text-ink-muted">
        {pageCount === 1 ? 'Everything fits on one page.' : `The list has ${pageCount} pages.`}{' '}
        <Link href={insightsHref({ q, topic })} className="font-medium text-accent underline underline-offset-4 hover:text-accent-strong">
          Go to the first page
        </Link>
        {pageCount > 1 && (
          <>
            {' or '}
            <Link href={insightsHref({ q, topic, page: pageCount })} className="font-medium text-accent underline underline-offset-4 hover:text-accent-strong">
              the last page (page {pageCount})
            </Link>
          </>
        )}
        .
      </p>
    </div>
  );
}
