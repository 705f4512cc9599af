import type { Metadata } from 'next';
import { ActiveFilterNotice } from '@/components/insights/active-filter-notice';
import { BrowseInsights } from '@/components/insights/browse-insights';
import { InsightSearchForm } from '@/components/insights/insight-search-form';
import { insightsHref } from '@/components/insights/insights-href';
import { SearchResults } from '@/components/insights/search-results';
import { TopicFilter } from '@/components/insights/topic-filter';
import { quotedQuery } from '@/components/insights/quoted-query';
import { topicLabel } from '@/components/insights/topic-label';
import { PageHeader } from '@/components/ui/page-header';
import { searchInsightsWithSnippets } from '@/lib/domain/search/insight-search';
import { listInsightsFeaturedFirst, listInsightTopics } from '@/lib/domain/insights/insights';
import { pageMetadata } from '@/lib/seo/metadata';
import { withInsightsFeed } from './feed-alternate';
import type { InsightsView } from '../../../lib/site/insights-view';
import { INSIGHTS_PER_PAGE, offsetFor, pageCountFor } from '../../../lib/site/insights-view';

const DESCRIPTION =
  'Articles by Throughline Partners consultants on finding and managing constraints: Drum-Buffer-Rope, buffer management, critical chain, throughput accounting and the thinking processes.';

/** The metadata of one view of /insights: a search, a topic, a page. */
export async function insightsMetadata({ q, topic, page }: InsightsView): Promise<Metadata> {
  const pageSuffix = page && page > 1 ? ` (page ${page})` : '';
  if (q) {
    // Result lists are for people; search engines should index the articles themselves.
    return withInsightsFeed(
      pageMetadata({
        title: `Search results for ${quotedQuery(q)}${pageSuffix}`,
        description: DESCRIPTION,
        path: insightsHref({ q, topic, page: page ?? 1 }),
        noIndex: true,
      }),
    );
  }
  const title = topic ? `Insights on ${topicLabel(topic)}` : 'Insights';
  // A page past the end, or a topic nobody writes about, shows a helpful message; search engines need not keep it.
  const { total } = await listInsightsFeaturedFirst({ topic, limit: 1, offset: 0 });
  const exists = total > 0 && page !== null && page <= pageCountFor(total);
  return withInsightsFeed(
    pageMetadata({ title: `${title}${pageSuffix}`, description: DESCRIPTION, path: insightsHref({ topic, page: page ?? 1 }), noIndex: !exists }),
  );
}

/** /insights: search results for `q`, or the insights (of `topic`), featured first, one page at a time. */
export async function InsightsListing({ view: { q, topic, page, rawPage } }: { view: InsightsView }) {
  const window = { limit: INSIGHTS_PER_PAGE, offset: offsetFor(page) };
  const topics = await listInsightTopics();

  const header = (
    <PageHeader
      eyebrow="Insights"
      title="Field notes on finding and managing constraints"
      lead="What we have learned on shop floors, in project portfolios and in boardrooms, written for the people who run them."
    >
      <InsightSearchForm q={q} topic={topic} />
    </PageHeader>
  );
  const filters = (
    <>
      <TopicFilter topics={topics} active={topic} q={q} />
      {topic && <ActiveFilterNotice topic={topic} q={q} />}
    </>
  );

  if (q) {
    const search = await searchInsightsWithSnippets({ q, topics: topic ? [topic] : undefined, ...window });
    const pageCount = pageCountFor(search.total);
    return (
      <>
        {header}
        {filters}
        <SearchResults
          q={q}
          topic={topic}
          hits={search.hits}
          total={search.total}
          page={page !== null && page <= pageCount ? page : null}
          rawPage={rawPage}
          pageCount={pageCount}
          topics={topics}
        />
      </>
    );
  }

  const list = await listInsightsFeaturedFirst({ topic, ...window });
  const pageCount = pageCountFor(list.total);
  return (
    <>
      {header}
      {filters}
      <BrowseInsights
        topic={topic}
        insights={list.insights}
        total={list.total}
        page={page !== null && page <= pageCount ? page : null}
        rawPage={rawPage}
        pageCount={pageCount}
        topics={topics}
      />
    </>
  );
}
