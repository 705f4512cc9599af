import { describe, expect, it } from 'vitest';
import { renderApiReferencePage } from './api-reference-page';

const tag = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('the /docs document', () => {
  it('names its social card and its address absolutely, under SITE_URL, as the site’s pages do', () => {
    const html = renderApiReferencePage('https://tp.example/consulting');
    expect(tag(html, 'og:image')).toBe('https://tp.example/consulting/docs/opengraph-image');
    expect(tag(html, 'twitter:image')).toBe('https://tp.example/consulting/docs/opengraph-image');
    expect(tag(html, 'og:url')).toBe('https://tp.example/consulting/docs');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect([tag(html, 'og:image:width'), tag(html, 'og:image:height'), tag(html, 'og:image:type')]).toEqual(['1200', '630', 'image/png']);
    // Absolute addresses only in the tags' content: the document loads nothing by src or href from anywhere but here.
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('cannot be broken out of by a quote or an angle bracket in SITE_URL', () => {
    const html = renderApiReferencePage('https://tp.example/a"b<c>');
    expect(tag(html, 'og:image')).toBe('https://tp.example/a%22b%3Cc%3E/docs/opengraph-image');
    expect(html).not.toContain('a"b');
    expect(html).not.toContain('<c>');
  });
});
