import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ArticleBody } from '@/components/insights/article-body';
import { ArticleFacts } from '@/components/insights/article-facts';
import { HeroImage } from '@/components/insights/hero-image';
import { InsightMeta } from '@/components/insights/insight-meta';
import { RelatedInsights } from '@/components/insights/related-insights';
import { JsonLd } from '@/components/json-ld';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { listRelatedInsights } from '@/lib/domain/insights/insights';
import { pageMetadata } from '@/lib/seo/metadata';
import { articleLd } from '@/lib/seo/structured-data';
import { withInsightsFeed } from '../feed-alternate';
import { loadInsight } from './load-insight';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const { insight } = await loadInsight(id);
  return withInsightsFeed(
    pageMetadata({
      title: insight.title,
      description: insight.summary,
      path: `/insights/${insight.id}`,
      type: 'article',
      publishedTime: insight.publishedAt ?? undefined,
    }),
  );
}

export default async function InsightPage({ params }: { params: Params }) {
  const { id } = await params;
  const { insight, hero, bodyImages } = await loadInsight(id);
  const [company, related] = await Promise.all([getCompanyProfile(), listRelatedInsights(insight.id)]);
  return (
    <>
      <Breadcrumbs
        items={[
          { name: 'Home', path: '/' },
          { name: 'Insights', path: '/insights' },
          { name: insight.title, path: `/insights/${insight.id}` },
        ]}
      />
      <article>
        <PageHeader eyebrow="Insight" title={insight.title} lead={insight.summary}>
          <InsightMeta insight={insight} large className="mt-6" />
        </PageHeader>
        <div className="mx-auto max-w-3xl px-4 py-12">
          {hero && <HeroImage hero={hero} />}
          <ArticleBody markdown={insight.content ?? ''} images={bodyImages} />
          <ArticleFacts topics={insight.topics ?? []} keywords={insight.keywords ?? []} />
          <aside aria-label="Work with us" className="mt-12 rounded-lg border border-line bg-surface p-6">
            <p className="font-serif text-xl font-semibold">Seeing this in your own operation?</p>
            <p className="mt-2 text-ink-muted">Tell us where work piles up. A consultant reads every inquiry and replies in person.</p>
            <div className="mt-4">
              <ButtonLink href="/contact">Talk to a consultant</ButtonLink>
            </div>
          </aside>
        </div>
      </article>
      <RelatedInsights insights={related} />
      <JsonLd data={articleLd(insight, company.name)} />
    </>
  );
}
