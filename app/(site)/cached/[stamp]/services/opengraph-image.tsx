export { default, alt, size, contentType } from '../../../services/opengraph-image';
// Kept per content edition like the page it belongs to: rendered by its first request, then served from Next's cache.
export const revalidate = false;
export const dynamicParams = true;
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
