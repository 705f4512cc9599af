import type { Metadata } from 'next';
import { InsightsListing, insightsMetadata } from './insights-page';
import { readInsightsView, type SearchParams } from '../../../lib/site/insights-view';

// Rendered for the request: search results, drafts, staff, unknown topics and pages past the end; visitors' reads
// of the other views are answered from the cached copies (cached/[stamp]/insight-list, cached/[stamp]/insight-topic).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ searchParams }: { searchParams: Promise<SearchParams> }): Promise<Metadata> {
  return insightsMetadata(readInsightsView(await searchParams));
}

export default async function InsightsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <InsightsListing view={readInsightsView(await searchParams)} />;
}
