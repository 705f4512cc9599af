import { describe, expect, it } from 'vitest';
import { cachedPagePath } from './cached-page-path';
import { isCachedPagesPath } from '../core/cached-pages-prefix';
import type { ContentEdition } from './content-edition';

const edition: ContentEdition = {
  stamp: 'abc123def456',
  serviceIds: new Set(['website-offer-audit', 'constraint-snapshot']),
  categoryIds: new Set(['constraint-analysis']),
  insightIds: new Set(['why-local-efficiency-lies']),
  insightsPerTopic: new Map([
    ['buffer-management', 3],
    ['operations', 10],
  ]),
  insightCount: 19, // three pages of nine
};

const pathOf = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://site.example');
  return cachedPagePath(pathname, searchParams, edition);
};

describe('cachedPagePath', () => {
  it.each([
    ['/', '/cached/abc123def456'],
    ['/about', '/cached/abc123def456/about'],
    ['/principles', '/cached/abc123def456/principles'],
    ['/services', '/cached/abc123def456/services'],
    ['/services?category=', '/cached/abc123def456/services'],
    ['/services?category=constraint-analysis', '/cached/abc123def456/service-category/constraint-analysis'],
    ['/services/website-offer-audit', '/cached/abc123def456/services/website-offer-audit'],
    ['/insights', '/cached/abc123def456/insight-list/1'],
    ['/insights?page=3', '/cached/abc123def456/insight-list/3'],
    ['/insights?q=', '/cached/abc123def456/insight-list/1'],
    ['/insights?topic=buffer-management', '/cached/abc123def456/insight-topic/buffer-management/1'],
    ['/insights?topic=operations&page=2', '/cached/abc123def456/insight-topic/operations/2'],
    ['/insights/why-local-efficiency-lies', '/cached/abc123def456/insights/why-local-efficiency-lies'],
    ['/about?utm_source=newsletter', '/cached/abc123def456/about'],
  ])('%s is answered by %s', (url, expected) => {
    expect(pathOf(url)).toBe(expected);
  });

  it.each([
    ['/insights?q=drum', 'search results'],
    ['/insights?q=drum&topic=operations', 'search results in a topic'],
    ['/insights?topic=unknown-topic', 'a topic nobody writes about'],
    ['/insights?topic=Buffer-Management', 'a topic as the visitor wrote it'],
    ['/insights?page=4', 'a page past the end'],
    ['/insights?topic=buffer-management&page=2', "a page past the topic's end"],
    ['/insights?page=0', 'page 0'],
    ['/insights?page=01', 'a page number written otherwise'],
    ['/insights?page=two', 'a page that is not a number'],
    ['/insights?topic=operations&topic=buffer-management', 'a repeated parameter'],
    ['/services?category=unknown', 'an unknown category (its notice names it)'],
    ['/services/unknown-service', 'an unknown service (404)'],
    ['/insights/a-draft', 'an unpublished insight (404)'],
    ['/services/website-offer-audit/extra', 'a deeper address'],
    ['/contact', 'the contact form'],
    ['/book', 'the booking page'],
    ['/checkout/token', 'a checkout'],
    ['/staff', 'the staff area'],
  ])('%s is rendered per request (%s)', (url) => {
    expect(pathOf(url)).toBeNull();
  });
});

describe('isCachedPagesPath', () => {
  it('recognises the internal addresses of the copies and nothing else', () => {
    expect(isCachedPagesPath('/cached')).toBe(true);
    expect(isCachedPagesPath('/cached/abc123def456/about')).toBe(true);
    expect(isCachedPagesPath('/cachedx')).toBe(false);
    expect(isCachedPagesPath('/about')).toBe(false);
  });
});
