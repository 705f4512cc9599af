// What Next's client router sends when it prefetches a page's tree, for the bench and the HTTP tests that replay it
// (bench/bench.mjs, e2e/api/metrics.test.ts).

/** The headers of a prefetch of a page's tree, as Chromium sends them from /about. */
export const ROUTER_PREFETCH_HEADERS = Object.freeze({
  accept: '*/*',
  rsc: '1',
  'next-router-prefetch': '1',
  'next-router-segment-prefetch': '/_tree',
  'next-url': '/about',
});

/**
 * The address the router would ask for `path` with `headers`: Next checks the `_rsc` search parameter against the
 * router's headers and answers any other with a 307 to the right one. Throws if it does not.
 */
export async function routerAddress(baseUrl, path, headers = ROUTER_PREFETCH_HEADERS) {
  const redirect = await fetch(`${baseUrl}${path}?_rsc=any`, { headers, redirect: 'manual' });
  const location = redirect.headers.get('location');
  if (redirect.status !== 307 || !location) throw new Error(`Expected Next's 307 to the router's address of ${path}, got ${redirect.status}`);
  const url = new URL(location, baseUrl);
  return url.pathname + url.search;
}
