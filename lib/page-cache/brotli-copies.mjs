// Brotli beside Next's gzip, for the web server's held copies (copy-store.mjs). Next compresses what it sends with
// gzip only; every browser in use accepts Brotli, which makes a page about a quarter smaller and the build's scripts
// about 14 % smaller. A held copy is the same bytes for many visitors, so it is worth compressing once: the build's
// static files at build time, at Brotli's highest quality (scripts/build/precompress-static.mjs); a page's copy of an
// edition on Node's thread pool once Next's gzip copy of it is held, never on the web server's one thread, at the
// quality its caller picks (held-copies.mjs says why).
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, inflate } from 'node:zlib';

const compress = promisify(brotliCompress);
/** How Next's bytes are decoded, by their Content-Encoding ('' for none). */
const DECODERS = { '': async (bytes) => bytes, identity: async (bytes) => bytes, gzip: promisify(gunzip), deflate: promisify(inflate) };

/**
 * The key of an address's Brotli copy in a copy store, beside Next's copies keyed by address and Accept-Encoding: a
 * header value holds no line break, so no client's Accept-Encoding (say, `br` alone) can name this key.
 */
export const brotliKeyOf = (address) => `${address}\n\nbr`;

/** Whether an Accept-Encoding header accepts Brotli: `br` named, without `q=0`. */
export function acceptsBrotli(acceptEncoding) {
  return String(acceptEncoding ?? '')
    .split(',')
    .some((entry) => {
      const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
      if (coding !== 'br') return false;
      const quality = parameters.find((parameter) => parameter.startsWith('q='));
      return quality === undefined || Number(quality.slice(2)) > 0;
    });
}

/** The name a header has in `headers` (as Next wrote it), matched without regard to case. */
const nameIn = (headers, wanted) => Object.keys(headers).find((name) => name.toLowerCase() === wanted) ?? wanted;

/** Next's headers for an answer, for its Brotli bytes: the same but the encoding, and varying by Accept-Encoding. */
export function brotliHeadersOf(headers) {
  const vary = String(headers[nameIn(headers, 'vary')] ?? '');
  return {
    ...headers,
    [nameIn(headers, 'content-encoding')]: 'br',
    [nameIn(headers, 'vary')]: /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary) ? vary : [vary, 'Accept-Encoding'].filter(Boolean).join(', '),
  };
}

/**
 * The Brotli copy of a held copy (same edition, Next's headers but the encoding), made on the thread pool at `quality`
 * (0-11); the copy itself if it is Brotli already; undefined when Next's bytes are in an encoding this cannot read.
 * @param {{ etag: unknown, headers: Record<string, unknown>, body: Buffer }} copy
 * @param {number} quality
 */
export async function brotliCopyOf(copy, quality) {
  const encoding = String(copy.headers[nameIn(copy.headers, 'content-encoding')] ?? '').toLowerCase();
  if (encoding === 'br') return copy;
  if (!Object.hasOwn(DECODERS, encoding)) return undefined;
  const decode = DECODERS[encoding];
  const plain = await decode(copy.body);
  const body = await compress(plain, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
  return { etag: copy.etag, headers: brotliHeadersOf(copy.headers), body };
}
