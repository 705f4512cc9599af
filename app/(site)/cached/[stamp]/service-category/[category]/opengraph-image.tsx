import { serviceCategoryCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'Services of Throughline Partners in one category';

export default async function Image({ params }: { params: Promise<{ category: string }> }) {
  return serviceCategoryCard((await params).category);
}
// Kept per content edition like the page it belongs to: rendered by its first request, then served from Next's cache.
export const revalidate = false;
export const dynamicParams = true;
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
