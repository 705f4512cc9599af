import type { ReactNode } from 'react';

/**
 * Cached copies of the content pages, one tree per content edition (`stamp`, the content's build_stamp). proxy.ts
 * rewrites a visitor's read of a content page to `/cached/<current stamp>/…`, so a publication changes the address
 * of every copy and each instance starts new copies as soon as its content snapshot sees the new edition; copies of
 * older editions are never asked for again. Nothing is rendered at build time (no database there): each copy is
 * rendered by the first request for it, then served from Next's cache until the edition changes.
 */
export const revalidate = false;
export const dynamicParams = true;

export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';

export default function CachedEditionLayout({ children }: { children: ReactNode }) {
  return children;
}
