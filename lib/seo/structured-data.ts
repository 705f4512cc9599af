import { config } from '@/lib/config';
import type { CompanyProfileBody } from '@/lib/contract/business';
import type { FaqBody, ServiceDetailBody } from '@/lib/contract/catalogue';
import type { InsightDetailBody } from '@/lib/contract/insights';

/** schema.org JSON-LD for the pages that need it, built from the same data the pages show. */

const absolute = (path: string) => `${config().SITE_URL}${path}`;

export function organizationLd(company: CompanyProfileBody) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: absolute('/'),
    description: company.description ?? company.tagline,
    foundingDate: String(company.yearFounded),
    address: {
      '@type': 'PostalAddress',
      addressLocality: company.headquarters.city,
      addressRegion: company.headquarters.state,
      addressCountry: company.headquarters.country,
    },
    ...(company.contact ? { email: company.contact.email, telephone: company.contact.phone ?? undefined } : {}),
    sameAs: Object.values(company.contact?.socialMedia ?? {}),
  };
}

export function serviceLd(service: ServiceDetailBody, companyName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    description: service.description,
    url: absolute(`/services/${service.id}`),
    serviceType: service.category,
    provider: { '@type': 'Organization', name: companyName, url: absolute('/') },
    ...(service.pricing ? { offers: { '@type': 'Offer', price: service.pricing.amount, priceCurrency: service.pricing.currency ?? 'USD' } } : {}),
    ...(service.averageRating != null && service.testimonialCount
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: service.averageRating, reviewCount: service.testimonialCount, bestRating: 5 } }
      : {}),
  };
}

export function faqPageLd(faqs: FaqBody[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
  };
}

export function articleLd(insight: InsightDetailBody, companyName: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: insight.title,
    description: insight.summary,
    url: absolute(`/insights/${insight.id}`),
    datePublished: insight.publishedAt ?? undefined,
    author: insight.author ? { '@type': 'Person', name: insight.author } : undefined,
    publisher: { '@type': 'Organization', name: companyName },
    keywords: (insight.keywords ?? []).join(', '),
  };
}

export function breadcrumbListLd(items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: absolute(item.path) })),
  };
}
