import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { JsonLd } from '@/components/json-ld';
import { Picture } from '@/components/media/picture';
import { BuyForm } from '@/components/services/buy-form';
import { buyerForm } from '@/components/services/buyer-input-fields';
import { ConsultationCta } from '@/components/services/consultation-cta';
import { FaqGroups } from '@/components/services/faq-groups';
import { firstSentence, formatPrice, priceSummary, timelineSummary } from '@/lib/site/offer-text';
import { outOfFive } from '@/components/services/rating-text';
import { ServiceFacts } from '@/components/services/service-facts';
import { ServiceOverview } from '@/components/services/service-overview';
import { TestimonialList } from '@/components/services/testimonial-list';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { listServiceCategories, listServiceFaqs, listServiceTestimonials, serviceImages } from '@/lib/domain/catalogue/catalogue';
import { pageMetadata } from '@/lib/seo/metadata';
import { faqPageLd, serviceLd } from '@/lib/seo/structured-data';
import { buyServiceAction } from './actions';
import { loadService } from './load-service';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const service = await loadService(id);
  return pageMetadata({ title: service.name, description: firstSentence(service.description), path: `/services/${service.id}` });
}

export default async function ServicePage({ params }: { params: Params }) {
  const { id } = await params;
  const service = await loadService(id);
  const [{ testimonials }, { faqs }, { categories }, company, images] = await Promise.all([
    listServiceTestimonials(service.id, { limit: 100 }),
    listServiceFaqs(service.id, {}),
    listServiceCategories(),
    getCompanyProfile(),
    serviceImages(),
  ]);
  const image = images[service.id];
  const categoryName = categories.find((category) => category.id === service.category)?.name ?? 'Services';
  const timeline = timelineSummary(service.timeline);
  const sellsOnline = service.ctaType === 'stripe';
  const price = service.pricing ? formatPrice(service.pricing.amount, service.pricing.currency) : null;

  return (
    <>
      {/* On the header's background, so breadcrumbs and title read as one block. */}
      <div className="bg-surface">
        <Breadcrumbs
          items={[
            { name: 'Home', path: '/' },
            { name: 'Services', path: '/services' },
            { name: service.name, path: `/services/${service.id}` },
          ]}
        />
      </div>
      <JsonLd data={serviceLd(service, company.name)} />
      {faqs.length > 0 && <JsonLd data={faqPageLd(faqs)} />}

      <PageHeader eyebrow={categoryName} title={service.name} lead={<p>{service.description}</p>}>
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
          <p className="text-lg">
            <span className="font-semibold">{priceSummary(service.pricing)}</span>
            {timeline && <span className="text-ink-muted"> · {timeline}</span>}
          </p>
          <ButtonLink href="#get-started" size="sm">
            {sellsOnline ? 'Buy online' : 'Get started'}
          </ButtonLink>
        </div>
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="space-y-12">
          {image && (
            <Picture image={image} sizes="(min-width: 72rem) 40rem, (min-width: 64rem) 55vw, calc(100vw - 2rem)" className="rounded-lg border border-line" />
          )}
          <ServiceOverview service={service} />
        </div>
        <section id="get-started" aria-labelledby="get-started-heading" className="scroll-mt-6">
          <div className="rounded-lg border border-line bg-surface p-6">
            <h2 id="get-started-heading" className="font-serif text-2xl font-semibold">
              {sellsOnline ? 'Buy this service' : 'Start with a conversation'}
            </h2>
            <div className="mt-6">
              <ServiceFacts service={service} />
            </div>
            <div className="mt-6 border-t border-line pt-6">
              {sellsOnline ? (
                <BuyForm
                  action={buyServiceAction.bind(null, service.id)}
                  purchaseDigest={service.purchaseDigest}
                  form={buyerForm(service.buyerInputSchema)}
                  submitLabel={price ? `Buy for ${price}` : 'Buy now'}
                />
              ) : (
                <ConsultationCta service={service} />
              )}
            </div>
          </div>
        </section>
      </div>

      {testimonials.length > 0 && (
        <Section
          id="testimonials"
          title="What clients say"
          intro={
            service.averageRating != null
              ? `Average rating ${outOfFive(service.averageRating)} from ${testimonials.length} ${testimonials.length === 1 ? 'testimonial' : 'testimonials'}.`
              : undefined
          }
        >
          <TestimonialList testimonials={testimonials} />
        </Section>
      )}
      {faqs.length > 0 && (
        <Section
          id="faq"
          title="Questions and answers"
          intro={`${faqs.length} ${faqs.length === 1 ? 'question' : 'questions'} buyers ask about ${service.name}.`}
        >
          <FaqGroups faqs={faqs} />
        </Section>
      )}
    </>
  );
}
