/** The content types the audit accepts: an offer page is HTML, and anything else is not a page a buyer reads. */
const HTML_MEDIA_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** `text/html; charset=UTF-8` → `text/html`. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function isHtmlContentType(contentType: string): boolean {
  return HTML_MEDIA_TYPES.has(mediaTypeOf(contentType));
}

/** How far into the document a <meta charset> may appear (the HTML standard's prescan window). */
const META_CHARSET_WINDOW_BYTES = 1024;

function declaredCharset(contentType: string, body: Buffer): string | undefined {
  const fromHeader = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  const head = body.subarray(0, META_CHARSET_WINDOW_BYTES).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

/**
 * Body bytes to text: the charset of the Content-Type header, else of a <meta charset> near the top, else
 * UTF-8 (what nearly every small-business site serves). A label TextDecoder does not know falls back to UTF-8;
 * a body cut at the byte cap may end mid-character, which decodes to one replacement character.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const label = declaredCharset(contentType, body);
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
