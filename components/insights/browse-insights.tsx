import type { InsightBody } from '@/lib/contract/insights';
import { Section } from '@/components/ui/section';
import { InsightCard } from './insight-card';
import { InsightGrid } from './insight-grid';
import { NoResults } from './no-results';
import { PageOutOfRange } from './page-out-of-range';
import { PaginationNav } from './pagination-nav';

interface Props {
  topic?: string;
  insights: InsightBody[];
  total: number;
  page: number | null;
  rawPage: string;
  pageCount: number;
  topics: readonly { topic: string }[];
}

/** One page of the insights, featured first: the page's featured ones in a highlighted band, then the rest. */
export function BrowseInsights({ topic, insights, total, page, rawPage, pageCount, topics }: Props) {
  if (total === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        <NoResults topic={topic} topics={topics} />
      </div>
    );
  }
  if (page === null) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        <PageOutOfRange requested={rawPage} pageCount={pageCount} topic={topic} />
      </div>
    );
  }
  const featured = insights.filter((i) => i.featured);
  const others = insights.filter((i) => !i.featured);
  return (
    <>
      {featured.length > 0 && (
        <section aria-labelledby="featured-heading" className="mt-10 border-y border-line bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <p className="text-sm font-semibold uppercase tracking-wide text-accent">Start here</p>
            <h2 id="featured-heading" className="mt-1 font-serif text-2xl font-semibold sm:text-3xl">
              Featured insights
            </h2>
            <div className="mt-8">
              <InsightGrid columns={2}>
                {featured.map((insight, index) => (
                  // With an odd number, the first (newest) spans the row, so the grid has no gap at the end.
                  <InsightCard key={insight.id} insight={insight} featured wide={index === 0 && featured.length % 2 === 1} />
                ))}
              </InsightGrid>
            </div>
          </div>
        </section>
      )}
      {others.length > 0 ? (
        <Section id="latest" title={featured.length > 0 ? 'More insights, newest first' : 'Insights, newest first'}>
          <InsightGrid>
            {others.map((insight) => (
              <InsightCard key={insight.id} insight={insight} />
            ))}
          </InsightGrid>
          <PaginationNav page={page} pageCount={pageCount} topic={topic} />
        </Section>
      ) : (
        <div className="mx-auto max-w-6xl px-4 pb-12">
          <PaginationNav page={page} pageCount={pageCount} topic={topic} />
        </div>
      )}
    </>
  );
}
