import { InsightsListing, insightsMetadata } from '../../../../insights/insights-page';
import { readInsightsView } from '../../../../../../lib/site/insights-view';

type Params = Promise<{ page: string }>;

// The same view as /insights?page=<page>; proxy.ts sends only pages that exist here.
const viewOf = async (params: Params) => readInsightsView({ page: (await params).page });

export async function generateMetadata({ params }: { params: Params }) {
  return insightsMetadata(await viewOf(params));
}

export default async function CachedInsightListPage({ params }: { params: Params }) {
  return <InsightsListing view={await viewOf(params)} />;
}
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
