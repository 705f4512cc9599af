import { NotFoundContent } from '@/components/not-found-content';
import { SiteHeader } from '@/components/site-header';
import { SkipLink } from '@/components/skip-link';

export const metadata = { title: 'Page not found', robots: { index: false } };

/**
 * notFound() outside the site pages. Addresses that match no route are answered by (site)/[...unmatched] with the
 * full site chrome; this one reads no data, because Next.js renders it into every page as the root's not-found
 * boundary, also into the cached copies that must not depend on the request, and prerenders it at build time.
 */
export default function NotFound() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <NotFoundContent />
      </main>
    </>
  );
}
