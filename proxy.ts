import { NextResponse, type NextRequest } from 'next/server';

/** Internal route that serves the JSON discovery document for `/`. */
const DISCOVERY_ROUTE = '/root-discovery';

/** Browsers ask for HTML; Next's client router fetches `/` with its own headers and must get the page too. */
function wantsHtml(request: NextRequest): boolean {
  if (request.headers.has('rsc') || request.headers.has('next-router-prefetch')) return true;
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

/**
 * `GET /` and `HEAD /` are content-negotiated: the home page for browsers, the JSON discovery document
 * for everything else (ARCHITECTURE.md decision 4). The internal route is not reachable by its own path.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === DISCOVERY_ROUTE) {
    return NextResponse.rewrite(new URL('/v1/not-found', request.url));
  }
  if (wantsHtml(request)) return NextResponse.next();
  const response = NextResponse.rewrite(new URL(DISCOVERY_ROUTE, request.url));
  response.headers.set('vary', 'Accept');
  return response;
}

export const config = {
  matcher: ['/', '/root-discovery'],
};
