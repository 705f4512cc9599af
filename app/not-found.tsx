import { connection } from 'next/server';
import { NotFoundContent } from '@/components/not-found-content';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { SkipLink } from '@/components/skip-link';

export const metadata = { title: 'Page not found', robots: { index: false } };

/** Addresses that match no route at all: the site's chrome around the 404 message. */
export default async function NotFound() {
  // Rendered per request: the footer reads the company profile, which the build must not need.
  await connection();
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <NotFoundContent />
      </main>
      <SiteFooter />
    </>
  );
}
