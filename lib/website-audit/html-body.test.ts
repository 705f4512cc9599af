import { describe, expect, it } from 'vitest';
import { decodeHtml, isHtmlContentType, mediaTypeOf } from './html-body';

describe('HTML content types and decoding', () => {
  it('accepts HTML and XHTML only', () => {
    expect(mediaTypeOf('Text/HTML; charset=UTF-8')).toBe('text/html');
    expect(isHtmlContentType('text/html')).toBe(true);
    expect(isHtmlContentType('application/xhtml+xml; charset=utf-8')).toBe(true);
    expect(isHtmlContentType('application/json')).toBe(false);
    expect(isHtmlContentType('text/plain')).toBe(false);
    expect(isHtmlContentType('')).toBe(false);
  });

  it('decodes with the header charset, else a <meta charset>, else UTF-8', () => {
    const euro = Buffer.from([0x31, 0x32, 0x20, 0xa4]);
    expect(decodeHtml(euro, 'text/html; charset=iso-8859-15')).toBe('12 €');
    const meta = Buffer.concat([Buffer.from('<meta charset="iso-8859-15"><p>'), euro]);
    expect(decodeHtml(meta, 'text/html')).toBe('<meta charset="iso-8859-15"><p>12 €');
    expect(decodeHtml(Buffer.from('<p>Café</p>'), 'text/html')).toBe('<p>Café</p>');
    expect(decodeHtml(Buffer.from('<p>Café</p>'), 'text/html; charset=x-unknown-charset')).toBe('<p>Café</p>');
  });
});
