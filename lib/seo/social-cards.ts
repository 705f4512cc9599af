import type { ImageResponse } from 'next/og';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { getServiceDetail, listServiceCategories, serviceImages } from '@/lib/domain/catalogue/catalogue';
import { getInsightArticle } from '@/lib/domain/insights/insights';
import { priceSummary } from '@/lib/site/offer-text';
import { orNotFound } from '@/lib/site/or-not-found';
import { socialCard } from './social-card';

/**
 * The social card of each kind of page, from the same content the page shows. The opengraph-image.tsx files of the
 * pages call these: one line each.
 */

/** A page that has a title and nothing else to show. */
export function pageCard(title: string, eyebrow = 'Throughline Partners'): Promise<ImageResponse> {
  return socialCard({ eyebrow, title });
}

export async function homeCard(): Promise<ImageResponse> {
  const company = await getCompanyProfile();
  return socialCard({
    eyebrow: 'Theory of Constraints consulting',
    title: company.tagline,
    facts: [`${company.headquarters.city}, since ${company.yearFounded}`],
  });
}

export async function aboutCard(): Promise<ImageResponse> {
  const company = await getCompanyProfile();
  return socialCard({ eyebrow: 'About us', title: `${company.name}: ${company.yearsOfExperience} years of finding constraints` });
}

export async function insightCard(insightId: string): Promise<ImageResponse> {
  const { insight, hero } = await orNotFound(getInsightArticle(insightId));
  const facts = [insight.author, insight.readTime ? `${insight.readTime} min read` : null].filter((fact): fact is string => Boolean(fact));
  return socialCard({ eyebrow: 'Insight', title: insight.title, facts, picture: hero?.image });
}

export async function serviceCard(serviceId: string): Promise<ImageResponse> {
  const [service, { categories }, images] = await Promise.all([orNotFound(getServiceDetail(serviceId)), listServiceCategories(), serviceImages()]);
  const category = categories.find((candidate) => candidate.id === service.category)?.name ?? 'Service';
  return socialCard({ eyebrow: category, title: service.name, facts: [priceSummary(service.pricing)], picture: images[service.id] });
}

export async function serviceCategoryCard(categoryId: string): Promise<ImageResponse> {
  const { categories } = await listServiceCategories();
  const category = categories.find((candidate) => candidate.id === categoryId);
  return pageCard(category ? `${category.name} services` : 'Services', 'Services');
}
