import { InsightsListing, insightsMetadata } from '../../../../../insights/insights-page';
import { readInsightsView } from '../../../../../../../lib/site/insights-view';

type Params = Promise<{ topic: string; page: string }>;

// The same view as /insights?topic=<topic>&page=<page>; proxy.ts sends only topics and pages that exist here.
async function viewOf(params: Params) {
  const { topic, page } = await params;
  return readInsightsView({ topic, page });
}

export async function generateMetadata({ params }: { params: Params }) {
  return insightsMetadata(await viewOf(params));
}

export default async function CachedInsightTopicPage({ params }: { params: Params }) {
  return <InsightsListing view={await viewOf(params)} />;
}
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
