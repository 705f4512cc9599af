import type { Metadata } from 'next';

/** `<link rel="alternate" type="application/atom+xml">` on the insights pages, so readers find the feed. */
export function withInsightsFeed(metadata: Metadata): Metadata {
  return {
    ...metadata,
    alternates: {
      ...metadata.alternates,
      types: { 'application/atom+xml': [{ url: '/insights/feed.xml', title: 'Throughline Partners insights' }] },
    },
  };
}
