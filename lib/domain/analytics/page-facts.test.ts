import { describe, expect, it } from 'vitest';
import { medianReadSeconds, READING_BUCKETS, type ReadingHistogram } from './reading-buckets';
import { campaignOf, pageFactsOf, referrerHostOf } from './page-facts';

describe('what a page view records', () => {
  it('keeps the path, names insights and services, and never a secret token', () => {
    expect(pageFactsOf('/insights/why-local-efficiency-lies')).toEqual({
      path: '/insights/why-local-efficiency-lies',
      insightId: 'why-local-efficiency-lies',
      serviceId: null,
    });
    expect(pageFactsOf('/services/constraint-snapshot/')).toEqual({ path: '/services/constraint-snapshot', insightId: null, serviceId: 'constraint-snapshot' });
    expect(pageFactsOf('/')).toEqual({ path: '/', insightId: null, serviceId: null });
    expect(pageFactsOf('/checkout/9b1f0c2d3e4a')).toEqual({ path: '/checkout/[token]', insightId: null, serviceId: null });
    expect(pageFactsOf('/reports/abc')?.path).toBe('/reports/[token]');
    expect(pageFactsOf('/bookings/abc')?.path).toBe('/bookings/[token]');
    expect(['/about', '/book', '/contact', '/docs', '/insights', '/principles', '/privacy', '/services/'].map((path) => pageFactsOf(path)?.path)).toEqual([
      '/about',
      '/book',
      '/contact',
      '/docs',
      '/insights',
      '/principles',
      '/privacy',
      '/services',
    ]);
  });

  it('counts no staff page, preview, payment page, internal route or API path', () => {
    for (const path of [
      '/staff',
      '/staff/analytics',
      '/preview/a.b',
      '/pay/sandbox/cs_1',
      '/cached/x/about',
      '/a',
      '/v1/services',
      '/mcp',
      '/_next/static/x.js',
      'about',
      '/%E0%A4%A',
      // Not pages of the site, whatever a beacon says.
      '//evil.example/x',
      '/wp-admin.php',
      '/insights/a/b',
      '/about/team',
      '/privacy.php',
    ]) {
      expect(pageFactsOf(path), path).toBeNull();
    }
  });

  it('reads the three campaign parameters and nothing else of the query', () => {
    expect(campaignOf('?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-2026&email=a@b.example')).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn-2026',
    });
    expect(campaignOf('?page=2')).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null });
    expect(campaignOf(`?utm_source=%20${'x'.repeat(150)}%0A&utm_medium=`)).toEqual({ utmSource: 'x'.repeat(100), utmMedium: null, utmCampaign: null });
  });

  it('keeps the referrer’s host when it is another site', () => {
    expect(referrerHostOf('https://www.google.com/search?q=throughput', 'throughline.example')).toBe('google.com');
    expect(referrerHostOf('https://news.ycombinator.com/item?id=1', 'throughline.example')).toBe('news.ycombinator.com');
    expect(referrerHostOf('https://throughline.example/insights', 'throughline.example')).toBeNull();
    expect(referrerHostOf('https://www.throughline.example/', 'throughline.example')).toBeNull();
    expect(referrerHostOf('android-app://com.google.android.gm/', 'throughline.example')).toBeNull();
    expect(referrerHostOf('not a url', 'throughline.example')).toBeNull();
    expect(referrerHostOf(undefined, 'throughline.example')).toBeNull();
  });
});

describe('median read time', () => {
  const histogram = (counts: Partial<ReadingHistogram>): ReadingHistogram =>
    ({ ...Object.fromEntries(READING_BUCKETS.map(({ column }) => [column, 0])), ...counts }) as ReadingHistogram;

  it('interpolates inside the bucket holding the middle read', () => {
    expect(medianReadSeconds(histogram({}))).toBeNull();
    expect(medianReadSeconds(histogram({ upTo10s: 1 }))).toBe(5);
    expect(medianReadSeconds(histogram({ upTo60s: 2, upTo120s: 2 }))).toBe(60);
    expect(medianReadSeconds(histogram({ upTo10s: 1, upTo180s: 3 }))).toBe(140);
    expect(medianReadSeconds(histogram({ over1200s: 5 }))).toBe(1200);
  });
});
