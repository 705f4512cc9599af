import type { ReactNode } from 'react';
import type { ServiceDetailBody } from '@/lib/contract/catalogue';
import { priceSummary, pricingModelExplanation, purchaseMode, timelineSummary } from '@/lib/site/offer-text';
import { outOfFive } from './rating-text';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** Price and pricing model, guarantee, timeline, how it is bought and what clients said, at a glance. */
export function ServiceFacts({ service }: { service: ServiceDetailBody }) {
  const timeline = timelineSummary(service.timeline);
  const model = pricingModelExplanation(service.pricing);
  const testimonials = service.testimonialCount ?? 0;
  return (
    <dl className="divide-y divide-line">
      <Fact term="Price">
        <p className="font-serif text-2xl font-semibold" data-testid="service-price">
          {priceSummary(service.pricing)}
        </p>
        {model && <p className="mt-1 text-sm text-ink-muted">{model}</p>}
        {service.pricing?.priceGuarantee && <p className="mt-2 text-sm">{service.pricing.priceGuarantee}</p>}
      </Fact>
      {timeline && (
        <Fact term="Timeline">
          <p className="font-semibold">{timeline}</p>
          {service.timeline?.description && <p className="mt-1 text-sm text-ink-muted">{service.timeline.description}</p>}
        </Fact>
      )}
      <Fact term="How to buy">{purchaseMode(service.ctaType)}</Fact>
      {service.averageRating != null && testimonials > 0 && (
        <Fact term="Client rating">
          Average {outOfFive(service.averageRating)} from {testimonials} {testimonials === 1 ? 'testimonial' : 'testimonials'}
        </Fact>
      )}
    </dl>
  );
}
