// Limits the web server (server/web-server.mjs) enforces before a request reaches Next, and the JSON answers past
// them. Plain JavaScript because the web server runs it before anything is compiled.
import { errorEnvelope } from './plain-error.mjs';

/**
 * The request line and headers together: Node's parser refuses more with 431. Node's default (16 KB) would refuse long
 * search URLs before they reach the app.
 */
export const MAX_HEADER_BYTES = 64 * 1024;
/**
 * The request target (path and query). A 10,000-character search, URL-encoded, takes up to about 30,000; past this
 * the answer is 414. A URL longer than MAX_HEADER_BYTES never gets this far: the parser answers 431 first.
 */
export const MAX_URL_BYTES = 32 * 1024;

export function uriTooLong(length) {
  return errorEnvelope(414, 'URI_TOO_LONG', `The request URL is ${length} bytes long; this server accepts at most ${MAX_URL_BYTES}.`);
}

/** What to answer when Node's parser gives up on a request (its clientError), as Node would but in the envelope. */
export function parserRefusal(errorCode) {
  if (errorCode === 'HPE_HEADER_OVERFLOW') {
    return errorEnvelope(431, 'REQUEST_HEADERS_TOO_LARGE', `The request headers, the URL included, are larger than ${MAX_HEADER_BYTES} bytes.`);
  }
  if (errorCode === 'ERR_HTTP_REQUEST_TIMEOUT' || errorCode === 'HPE_HEADERS_TIMEOUT') {
    return errorEnvelope(408, 'REQUEST_TIMEOUT', 'The request did not arrive in time.');
  }
  return errorEnvelope(400, 'BAD_REQUEST', 'The request is not valid HTTP.');
}
