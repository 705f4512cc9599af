import type { InsightBody } from '@/lib/contract/insights';

/** The five characters XML gives meaning to, escaped for text and attribute values alike. */
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for XML: special characters escaped, characters XML 1.0 forbids (most control characters) dropped. */
export function xmlText(value: string): string {
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** Publication dates are calendar dates; Atom wants a moment, so they are read as midnight UTC. */
const atomDate = (isoDate: string) => `${isoDate}T00:00:00Z`;

export interface AtomFeedInput {
  siteUrl: string;
  title: string;
  subtitle: string;
  authorName: string;
  insights: InsightBody[];
  /** When there is nothing published, `updated` still needs a value. */
  fallbackUpdated: string;
}

/** An Atom 1.0 (RFC 4287) document of the given insights, newest first, every link absolute. */
export function buildAtomFeed({ siteUrl, title, subtitle, authorName, insights, fallbackUpdated }: AtomFeedInput): string {
  const feedUpdated = insights.find((i) => i.publishedAt)?.publishedAt;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${xmlText(`${siteUrl}/insights`)}</id>`,
    `  <title>${xmlText(title)}</title>`,
    `  <subtitle>${xmlText(subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${siteUrl}/insights/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${siteUrl}/insights`)}"/>`,
    `  <updated>${feedUpdated ? atomDate(feedUpdated) : fallbackUpdated}</updated>`,
    `  <author><name>${xmlText(authorName)}</name></author>`,
    ...insights.flatMap((insight) => entry(siteUrl, insight, feedUpdated ? atomDate(feedUpdated) : fallbackUpdated)),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}

function entry(siteUrl: string, insight: InsightBody, feedUpdated: string): string[] {
  const url = `${siteUrl}/insights/${encodeURIComponent(insight.id)}`;
  const date = insight.publishedAt ? atomDate(insight.publishedAt) : feedUpdated;
  return [
    '  <entry>',
    `    <id>${xmlText(url)}</id>`,
    `    <title>${xmlText(insight.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    `    <published>${date}</published>`,
    `    <updated>${date}</updated>`,
    ...(insight.author ? [`    <author><name>${xmlText(insight.author)}</name></author>`] : []),
    `    <summary type="text">${xmlText(insight.summary)}</summary>`,
    ...(insight.topics ?? []).map((topic) => `    <category term="${xmlText(topic)}"/>`),
    '  </entry>',
  ];
}
