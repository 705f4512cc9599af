import { Section } from '@/components/ui/section';
import type { InsightSearchHit } from '@/lib/domain/search/insight-search';
import { InsightCard } from './insight-card';
import { NoResults } from './no-results';
import { PageOutOfRange } from './page-out-of-range';
import { PaginationNav } from './pagination-nav';
import { quotedQuery } from './quoted-query';
import { topicLabel } from './topic-label';

interface Props {
  q: string;
  topic?: string;
  hits: InsightSearchHit[];
  total: number;
  page: number | null;
  rawPage: string;
  pageCount: number;
  topics: readonly { topic: string }[];
}

/** Ranked search results with highlighted excerpts, the count, and pages. */
export function SearchResults({ q, topic, hits, total, page, rawPage, pageCount, topics }: Props) {
  const count = `${total} ${total === 1 ? 'result' : 'results'} for ${quotedQuery(q)}${topic ? ` in ${topicLabel(topic)}` : ''}`;
  return (
    <Section id="results" title="Search results" intro={<p data-testid="search-count">{total > 1 ? `${count}, best match first.` : `${count}.`}</p>}>
      {total === 0 ? (
        <NoResults q={q} topic={topic} topics={topics} />
      ) : page === null ? (
        <PageOutOfRange requested={rawPage} pageCount={pageCount} q={q} topic={topic} />
      ) : (
        <div className="max-w-3xl">
          <ul className="space-y-6">
            {hits.map((hit) => (
              <InsightCard key={hit.insight.id} insight={hit.insight} snippetHtml={hit.snippetHtml} />
            ))}
          </ul>
          <PaginationNav page={page} pageCount={pageCount} q={q} topic={topic} />
        </div>
      )}
    </Section>
  );
}
