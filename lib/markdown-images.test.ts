import { describe, expect, it } from 'vitest';
import { findInjections } from '@/test-support/xss';
import { publishedImage } from '@/test-support/media/published-image-fixture';
import { renderMarkdown } from './markdown';

const SRCSET = (format: string) =>
  ['320 320w', '640 640w', '960 960w', '1280 1280w'].map((entry) => `/media/0123456789abcdef0123456789abcdef/${entry.replace(' ', `.${format} `)}`).join(', ');

describe('renderMarkdown: library images', () => {
  it('renders `![alt](media:<id>)` as a responsive <picture>, lazy, with its size and the alt text written in the article', () => {
    const html = renderMarkdown('Before.\n\n![The chart, in week 6](media:med_chart)\n\nAfter.', [publishedImage()]);
    const sizes = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
    expect(html).toBe(
      '<p>Before.</p>\n<p><span class="relative block overflow-hidden">' +
        '<svg aria-hidden="true" focusable="false" class="absolute inset-0 h-full w-full" viewBox="0 0 1280 720" preserveAspectRatio="none">' +
        '<rect width="100%" height="100%" fill="#f0e8d8"/><image href="data:image/webp;base64,UklGRg==" width="1280" height="720" preserveAspectRatio="none"/></svg>' +
        `<picture><source type="image/avif" srcset="${SRCSET('avif')}" sizes="${sizes}"><source type="image/webp" srcset="${SRCSET('webp')}" sizes="${sizes}">` +
        `<img src="/media/0123456789abcdef0123456789abcdef/640.jpg" srcset="${SRCSET('jpg')}" sizes="${sizes}" width="1280" height="720" alt="The chart, in week 6" loading="lazy" decoding="async" class="relative block h-auto w-full">` +
        '</picture></span></p>\n<p>After.</p>\n',
    );
  });

  it('uses the library’s alt text when the article gives none, and alt="" for a decorative image', () => {
    expect(renderMarkdown('![](media:med_chart)', [publishedImage()])).toContain('alt="A buffer fever chart"');
    expect(renderMarkdown('![](media:med_chart)', [publishedImage({ alt: '', decorative: true })])).toContain('alt=""');
  });

  it('never uses the address as alt text, and escapes what the alt text holds', () => {
    const html = renderMarkdown('![A "quoted" <b>chart</b> & more](media:med_chart)', [publishedImage()]);
    expect(html).toContain('alt="A &quot;quoted&quot; &lt;b&gt;chart&lt;/b&gt; &amp; more"');
    expect(findInjections(html)).toEqual([]);
  });

  it('leaves only the alt text of an image that is not a library image, or one that cannot be shown yet', () => {
    expect(renderMarkdown('![A chart](https://example.com/chart.png)', [publishedImage()])).toBe('<p>A chart</p>\n');
    expect(renderMarkdown('![Soon](media:med_processing)', [publishedImage()])).toBe('<p>Soon</p>\n');
  });

  it('lets no raw HTML forge a picture: only the renderer’s own markers become one', () => {
    const html = renderMarkdown('<img src="media:med_chart"> <picture><img src="/media/x/320.jpg"></picture> media-00:0:', [publishedImage()]);
    expect(html).not.toMatch(/<(img|picture)\b/);
  });
});
