import Link from 'next/link';
import type { InsightImpact, PublishImpact, ServiceImpact } from '@/lib/domain/content-workflow/publish-impact';
import { formatMoney } from '@/lib/format';

const price = (side: ServiceImpact['before']) =>
  side && side.amount !== null && side.currency ? `${formatMoney(side.amount, side.currency)} (${side.model ?? 'no pricing model'})` : 'not live';

function ServiceImpactList({ impact }: { impact: ServiceImpact }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Price now</dt>
      <dd data-testid="price-before">{price(impact.before)}</dd>
      <dt className="font-medium">Price after</dt>
      <dd data-testid="price-after">{price(impact.after)}</dd>
      <dt className="font-medium">Offer for API clients</dt>
      <dd data-testid="digest-impact">
        {impact.digestChanges
          ? 'changes: purchaseDigest changes, so the next checkout sent with the old digest gets 409 OFFER_CHANGED and must confirm the new offer.'
          : 'unchanged: purchaseDigest stays the same; checkouts go on as before.'}
      </dd>
      <dt className="font-medium">Checkouts open now</dt>
      <dd data-testid="open-checkouts">
        {impact.openCheckouts === 1 ? '1 buyer is' : `${impact.openCheckouts} buyers are`} on the payment page with the current offer.
      </dd>
    </dl>
  );
}

const where = (position: number | null) => (position === null ? 'not in it' : `entry ${position}`);

function InsightImpactList({ impact }: { impact: InsightImpact }) {
  const { homeFeatured, feedPosition, relatedFrom } = impact;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Home page</dt>
      <dd data-testid="home-impact">
        {homeFeatured.after
          ? homeFeatured.before
            ? 'stays featured'
            : 'becomes featured'
          : homeFeatured.before
            ? 'leaves the featured insights'
            : 'not featured'}
        {homeFeatured.displaced.length > 0 && `, in place of ${homeFeatured.displaced.map((i) => `"${i.title}"`).join(', ')}`}
      </dd>
      <dt className="font-medium">Atom feed</dt>
      <dd data-testid="feed-impact">
        {where(feedPosition.before)} now, {where(feedPosition.after)} after publishing
      </dd>
      <dt className="font-medium">Related lists</dt>
      <dd data-testid="related-impact">
        {relatedFrom.length === 0
          ? 'no other insight lists it'
          : relatedFrom.map((insight, index) => (
              <span key={insight.id}>
                {index > 0 && ', '}
                <Link className="underline" href={`/insights/${insight.id}`}>
                  {insight.title}
                </Link>
              </span>
            ))}
      </dd>
    </dl>
  );
}

/** What publishing changes for readers and machine clients, shown beside the Publish button. */
export function ImpactSummary({ impact }: { impact: PublishImpact | null }) {
  if (!impact || impact.kind === 'calendar') return null;
  return (
    <section aria-labelledby="impact-heading" className="space-y-2">
      <h3 id="impact-heading" className="font-semibold">
        What publishing changes
      </h3>
      {impact.kind === 'service' ? <ServiceImpactList impact={impact} /> : <InsightImpactList impact={impact} />}
    </section>
  );
}
