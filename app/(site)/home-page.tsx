import Link from 'next/link';
import { JsonLd } from '@/components/json-ld';
import { SocialProofBand } from '@/components/social-proof-band';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { visibleContent } from '@/lib/domain/content-workflow/visible-content';
import { HOME_FEATURED_INSIGHTS, listInsights } from '@/lib/domain/insights/insights';
import { pageMetadata } from '@/lib/seo/metadata';
import { organizationLd } from '@/lib/seo/structured-data';

export const metadata = pageMetadata({
  title: 'Theory of Constraints consulting',
  description:
    'Throughline Partners finds the one constraint that limits your throughput and helps you exploit it: constraint analysis, offer analysis and implementation support.',
  path: '/',
});

export default async function HomePage() {
  const [company, { content }, featured] = await Promise.all([
    getCompanyProfile(),
    visibleContent(),
    listInsights({ limit: HOME_FEATURED_INSIGHTS, offset: 0, featured: true }),
  ]);
  const quotes = content.testimonials.filter((t) => t.rating === 5).slice(0, 2);
  return (
    <>
      <JsonLd data={organizationLd(company)} />
      <div className="border-b border-line bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent">Theory of Constraints consulting</p>
          <h1 className="mt-3 max-w-3xl font-serif text-4xl font-semibold leading-tight sm:text-6xl">{company.tagline}</h1>
          <p className="mt-6 max-w-2xl text-lg text-ink-muted">{company.description}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <ButtonLink href="/book">Book a consultation</ButtonLink>
            <ButtonLink href="/contact" variant="secondary">
              Send an inquiry
            </ButtonLink>
          </div>
        </div>
      </div>

      <Section id="services" title="How we help" intro="Three kinds of work, one method: find the constraint, exploit it, subordinate everything else to it.">
        <ul className="grid gap-6 md:grid-cols-3">
          {content.categories.map((category) => (
            <Card as="li" key={category.id}>
              <h3 className="font-serif text-xl font-semibold">
                <Link className="underline-offset-4 hover:underline" href={`/services?category=${category.id}`}>
                  {category.name}
                </Link>
              </h3>
              <p className="mt-3 flex-1 text-ink-muted">{category.description}</p>
              <p className="mt-4 text-sm font-medium">
                {category.serviceCount} {category.serviceCount === 1 ? 'service' : 'services'}
              </p>
            </Card>
          ))}
        </ul>
      </Section>

      {company.socialProof && <SocialProofBand socialProof={company.socialProof} quotes={quotes} />}

      <Section id="insights" title="Featured insights" intro="Practitioner notes on finding and exploiting constraints.">
        <ul className="grid gap-6 md:grid-cols-3">
          {featured.insights.map((insight) => (
            <Card as="li" key={insight.id}>
              <h3 className="font-serif text-lg font-semibold">
                <Link className="underline-offset-4 hover:underline" href={`/insights/${insight.id}`}>
                  {insight.title}
                </Link>
              </h3>
              <p className="mt-3 flex-1 text-sm text-ink-muted">{insight.summary}</p>
              <p className="mt-4 text-sm">
                {insight.author} · {insight.readTime} min read
              </p>
            </Card>
          ))}
        </ul>
        <p className="mt-8">
          <Link className="font-semibold underline underline-offset-4" href="/insights">
            All insights
          </Link>
        </p>
      </Section>

      <Section id="next-step" title="Where to start">
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <h3 className="font-serif text-lg font-semibold">Talk it through</h3>
            <p className="mt-2 flex-1 text-ink-muted">A free 60-minute call with a partner about where work piles up in your operation.</p>
            <div className="mt-4">
              <ButtonLink href="/book">Book a call</ButtonLink>
            </div>
          </Card>
          <Card>
            <h3 className="font-serif text-lg font-semibold">Write to us</h3>
            <p className="mt-2 flex-1 text-ink-muted">Describe the symptoms; we reply within one business day with a suggested next step.</p>
            <div className="mt-4">
              <ButtonLink href="/contact" variant="secondary">
                Send an inquiry
              </ButtonLink>
            </div>
          </Card>
        </div>
      </Section>
    </>
  );
}
