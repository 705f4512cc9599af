import type { FaqBody, ServiceDetailBody } from '@/lib/contract/catalogue';
import { visibleContent } from '../content-workflow/visible-content';
import { notFound } from '../../core/errors';
import type { Page } from '../../core/pagination';
import type { PublishedImage } from '../media/published-image';
import { paginate } from '../../core/pagination';

export async function listServices(page: Page) {
  const { content } = await visibleContent();
  const { items, ...meta } = paginate(content.serviceList, page);
  return { services: items, ...meta };
}

export async function getServiceDetail(serviceId: string): Promise<ServiceDetailBody> {
  const { content } = await visibleContent();
  const service = content.servicesById.get(serviceId);
  if (!service) throw notFound('Service', serviceId);
  return service;
}

/** Each published service's picture, by service id (services without one are absent). */
export async function serviceImages(): Promise<Readonly<Record<string, PublishedImage>>> {
  return (await visibleContent()).content.serviceImages;
}

export async function listServiceTestimonials(serviceId: string, { limit }: { limit: number }) {
  const { content } = await visibleContent();
  if (!content.servicesById.has(serviceId)) throw notFound('Service', serviceId);
  const all = content.testimonialsByService.get(serviceId) ?? [];
  return { testimonials: all.slice(0, limit), total: all.length };
}

export async function listServiceFaqs(serviceId: string, { category }: { category?: FaqBody['category'] }) {
  const { content } = await visibleContent();
  if (!content.servicesById.has(serviceId)) throw notFound('Service', serviceId);
  const all = content.faqsByService.get(serviceId) ?? [];
  const faqs = category ? all.filter((faq) => faq.category === category) : all;
  return { faqs, total: faqs.length };
}

export async function listServiceCategories() {
  const { content } = await visibleContent();
  return { categories: content.categories, total: content.categories.length };
}
