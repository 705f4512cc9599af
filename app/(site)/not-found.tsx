import { NotFoundContent } from '@/components/not-found-content';

export const metadata = { title: 'Page not found', robots: { index: false } };

/** notFound() inside a site page (unknown or draft id): the site layout already gives the chrome. */
export default function SiteNotFound() {
  return <NotFoundContent />;
}
