import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists and tables', () => {
    const html = renderMarkdown('## Step one\n\n- identify\n- exploit\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h2>Step one</h2>');
    expect(html).toContain('<li>identify</li>');
    expect(html).toContain('<td>1</td>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) <b onclick="x()">bold</b>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
  });

  it('marks outside links noopener', () => {
    expect(renderMarkdown('[TOCICO](https://www.tocico.org)')).toContain('rel="noopener noreferrer nofollow"');
    expect(renderMarkdown('[our services](/services)')).toBe('<p><a href="/services">our services</a></p>\n');
  });
});
