import type { Metadata } from 'next';

/**
 * Title, description, canonical URL and OpenGraph for one page. Relative URLs resolve against
 * metadataBase (SITE_URL) in the root layout.
 */
export function pageMetadata({
  title,
  description,
  path,
  type = 'website',
  publishedTime,
  noIndex = false,
}: {
  title: string;
  description: string;
  path: string;
  type?: 'website' | 'article';
  publishedTime?: string;
  noIndex?: boolean;
}): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title,
      description,
      url: path,
      siteName: 'Throughline Partners',
      type,
      ...(publishedTime ? { publishedTime } : {}),
    },
    // The page's social card (its opengraph-image.tsx) is 1200 × 630: shown large.
    twitter: { card: 'summary_large_image', title, description },
    ...(noIndex ? { robots: { index: false, follow: false } } : {}),
  };
}
