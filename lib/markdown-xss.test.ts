import { describe, expect, it } from 'vitest';
import { findInjections, XSS_PAYLOADS } from '@/test-support/xss';
import { renderMarkdown } from './markdown';

/** Markdown of insights (and of the staff editor's live preview): links and raw HTML that must not become script. */
const MARKDOWN_ATTACKS = {
  'a javascript: link': '[read more](javascript:window.__xss=1)',
  'upper case and spaces': '[read more](  JaVaScRiPt:window.__xss=2)',
  'an entity-encoded scheme': '[read more](jav&#x61;script:window.__xss=3)',
  'a tab inside the scheme': '[read more](java\tscript:window.__xss=4)',
  'a percent-encoded colon': '[read more](javascript%3Awindow.__xss=5)',
  'a reference-style link': '[read more][evil]\n\n[evil]: javascript:window.__xss=6',
  'an autolink': '<javascript:window.__xss=7>',
  'an image with a script URL': '![chart](javascript:window.__xss=8)',
  'a data: URL': '[chart](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9OTwvc2NyaXB0Pg==)',
  'a vbscript: link': '[x](vbscript:window.__xss=10)',
  'raw HTML link': '<a href="javascript:window.__xss=11">read more</a>',
  'raw HTML with a handler on an allowed tag': '<p onclick="window.__xss=12">click</p>',
  'raw iframe': '<iframe src="https://evil.example/?__xss=13"></iframe>',
  'raw form': '<form action="https://evil.example/?__xss=14"><button>Go</button></form>',
  'a title that breaks out': '[x](https://example.com "a\\" onmouseover=\\"window.__xss=15")',
  'HTML inside a code span stays code': '`<script>window.__xss=16</script>`',
  'HTML inside a fenced block stays code': '```html\n<script>window.__xss=17</script>\n```',
};

describe('renderMarkdown', () => {
  it.each(Object.entries(MARKDOWN_ATTACKS))('lets no script through from %s', (_label, markdown) => {
    expect(findInjections(renderMarkdown(markdown))).toEqual([]);
    // Raw HTML that is not on the allow-list goes entirely, harmless or not.
    expect(renderMarkdown(markdown)).not.toMatch(/<(iframe|form|script|img)\b/i);
  });

  it.each(XSS_PAYLOADS)('lets no script through from the payload %j', (payload) => {
    expect(findInjections(renderMarkdown(`Some text ${payload} more text`))).toEqual([]);
  });

  it('keeps ordinary links, with outside ones marked', () => {
    expect(renderMarkdown('[a](https://example.com/x) [b](/insights) [c](mailto:hi@example.com)')).toBe(
      '<p><a href="https://example.com/x" rel="noopener noreferrer nofollow">a</a> <a href="/insights">b</a> <a href="mailto:hi@example.com">c</a></p>\n',
    );
  });
});
