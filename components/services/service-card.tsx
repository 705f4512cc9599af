import Link from 'next/link';
import { Picture } from '@/components/media/picture';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { ServiceBody } from '@/lib/contract/catalogue';
import type { PublishedImage } from '@/lib/domain/media/published-image';
import { firstSentence, priceSummary, purchaseMode, timelineSummary } from '@/lib/site/offer-text';

/** A service in the catalogue: what it is, what it costs, how long it takes and how it is bought. */
export function ServiceCard({ service, ctaType, image }: { service: ServiceBody; ctaType: 'stripe' | 'calendar'; image?: PublishedImage }) {
  const timeline = timelineSummary(service.timeline);
  return (
    <Card as="li">
      {image && <Picture image={image} sizes="(min-width: 64rem) 22rem, (min-width: 48rem) 45vw, calc(100vw - 5rem)" className="mb-4 rounded-md" />}
      <h3 className="font-serif text-xl font-semibold">
        <Link href={`/services/${service.id}`} className="underline decoration-line underline-offset-4 hover:decoration-ink">
          {service.name}
        </Link>
      </h3>
      <p className="mt-2 text-ink-muted">{firstSentence(service.description)}</p>
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Price:</dt>
          <dd>{priceSummary(service.pricing)}</dd>
        </div>
        {timeline && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">Timeline:</dt>
            <dd>{timeline}</dd>
          </div>
        )}
      </dl>
      <div className="mt-auto pt-5">
        <Badge>{purchaseMode(ctaType)}</Badge>
      </div>
    </Card>
  );
}
