// The web server's rewrite of the HTML documents Next writes: a page's scripts load after its first frame
// (first-frame-scripts.mjs). Wrapped around a response before Next answers it, under Next's own compression: an HTML
// answer is rewritten as it streams, through a gunzip and a gzip of its own when Next compressed it (Next compresses
// with gzip only), and every other answer passes through untouched. The held copies (lib/page-cache/held-copies.mjs)
// watch beneath this wrapper, so they hold the rewritten bytes, and their Brotli copies are made from those.
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { requestedKind } from '../page-cache/held-copies.mjs';
import { createFirstFrameRewriter } from './first-frame-scripts.mjs';

/** A browser's GET or HEAD for a document (a page, not the client router's payload of one), as the held copies decide it. */
export function asksForDocument(request) {
  return (request.method === 'GET' || request.method === 'HEAD') && requestedKind(request.headers) === 'page';
}

/** A header's value from writeHead's object or from those set before, by its lower-case name. */
function headerOf(response, written, name) {
  if (written) {
    for (const [key, value] of Object.entries(written)) if (key.toLowerCase() === name) return value;
  }
  return response.getHeader(name);
}

/** Removes Content-Length, which the rewrite makes wrong, from writeHead's object and from those set before. */
function dropContentLength(response, written) {
  response.removeHeader('content-length');
  if (written) for (const key of Object.keys(written)) if (key.toLowerCase() === 'content-length') delete written[key];
}

/** 'gzip' or 'text' for an HTML document this rewrite can read, else null (the answer passes through). */
function rewriteModeOf(response, written) {
  if (Array.isArray(written)) return null;
  if (!String(headerOf(response, written, 'content-type') ?? '').startsWith('text/html')) return null;
  const encoding = String(headerOf(response, written, 'content-encoding') ?? 'identity').toLowerCase();
  if (encoding === 'identity') return 'text';
  return encoding === 'gzip' ? 'gzip' : null;
}

/** The chunk and callback of write(chunk, [encoding], [callback]) and end([chunk], [encoding], [callback]). */
function argumentsOf(chunk, encoding, callback) {
  if (typeof chunk === 'function') return { chunk: undefined, callback: chunk };
  if (typeof encoding === 'function') return { chunk, encoding: undefined, callback: encoding };
  return { chunk, encoding, callback };
}

const toBuffer = (chunk, encoding) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk));

/**
 * Wraps `response` (before Next answers it) so that an HTML document written to it is rewritten on the way out.
 */
export function rewriteDocuments(response) {
  const { writeHead, write, end } = response;
  /** How the body is handled, decided when the headers are final: null passes it through. */
  let rewriting;

  function decide(written) {
    if (rewriting !== undefined) return;
    const mode = rewriteModeOf(response, written);
    rewriting = mode === null ? null : createRewrite(mode);
    if (rewriting) dropContentLength(response, written);
  }

  /** The body's way through the rewrite: text is decoded, rewritten and sent; gzip is inflated first and deflated after. */
  function createRewrite(mode) {
    const rewriter = createFirstFrameRewriter();
    const decoder = new StringDecoder('utf8');
    if (mode === 'text') {
      return {
        write: (bytes) => rewriter.push(decoder.write(bytes)),
        end: (bytes, done) => end.call(response, (bytes ? rewriter.push(decoder.write(bytes)) : '') + rewriter.push(decoder.end()) + rewriter.end(), done),
      };
    }
    const inflate = zlib.createGunzip();
    const deflate = zlib.createGzip();
    inflate.on('data', (bytes) => {
      const text = rewriter.push(decoder.write(bytes));
      if (!text) return;
      deflate.write(text);
      // Keep a streamed page streaming: each piece Next flushed goes out as soon as it is rewritten.
      deflate.flush(zlib.constants.Z_SYNC_FLUSH);
    });
    inflate.on('end', () => deflate.end(rewriter.push(decoder.end()) + rewriter.end()));
    deflate.on('data', (bytes) => write.call(response, bytes));
    let done;
    let received = false;
    deflate.on('end', () => end.call(response, done));
    const fail = (error) => response.destroy(error);
    inflate.on('error', fail);
    deflate.on('error', fail);
    return {
      write: (bytes) => {
        received ||= bytes.length > 0;
        inflate.write(bytes);
        return '';
      },
      end: (bytes, callback) => {
        received ||= (bytes?.length ?? 0) > 0;
        // A body-less answer (a HEAD) has nothing to inflate.
        if (!received) return end.call(response, callback);
        done = callback;
        inflate.end(bytes);
      },
    };
  }

  response.writeHead = function (statusCode, ...rest) {
    decide(rest.find((value) => value && typeof value === 'object'));
    return writeHead.call(this, statusCode, ...rest);
  };
  response.write = function (...args) {
    decide();
    if (!rewriting) return write.apply(this, args);
    const { chunk, encoding, callback } = argumentsOf(...args);
    const text = rewriting.write(toBuffer(chunk, encoding));
    if (text) return write.call(this, text, callback);
    if (callback) process.nextTick(callback);
    return true;
  };
  response.end = function (...args) {
    decide();
    if (!rewriting) return end.apply(this, args);
    const { chunk, encoding, callback } = argumentsOf(...args);
    rewriting.end(chunk === undefined || chunk === null ? undefined : toBuffer(chunk, encoding), callback);
    return this;
  };
}
