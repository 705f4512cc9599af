import { describe, expect, it } from 'vitest';
import { insightsAtomFeed } from './insights-feed';

describe('insightsAtomFeed', () => {
  it('is titled and signed by the company, and stamped with the clock while nothing is published', () => {
    const xml = insightsAtomFeed({
      siteUrl: 'https://site.example',
      company: { name: 'Throughline & Partners', tagline: 'Find the constraint.' },
      insights: [],
      now: new Date('2026-03-08T17:30:00Z'), // a Sunday
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
        '  <id>https://site.example/insights</id>',
        '  <title>Throughline &amp; Partners insights</title>',
        '  <subtitle>Find the constraint.</subtitle>',
        '  <link rel="self" type="application/atom+xml" href="https://site.example/insights/feed.xml"/>',
        '  <link rel="alternate" type="text/html" href="https://site.example/insights"/>',
        '  <updated>2026-03-08T17:30:00.000Z</updated>',
        '  <author><name>Throughline &amp; Partners</name></author>',
        '</feed>',
        '',
      ].join('\n'),
    );
  });
});
