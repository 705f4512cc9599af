import { NextResponse, type NextRequest } from 'next/server';
import { config as appConfig } from '@/lib/config';
import { PAGE_CACHE_CONTROL } from '@/lib/http/cache-policy';
import { mayUseCachedPage } from '@/lib/page-cache/cache-bypass';
import { cachedPagePath } from '@/lib/page-cache/cached-page-path';
import { isCachedPagesPath } from '@/lib/core/cached-pages-prefix';
import { currentEdition } from '@/lib/page-cache/content-edition';
import { clientHoldsCopy, copyEtag } from '@/lib/page-cache/copy-validator';
import { publishHeldCopyRules } from '@/lib/page-cache/held-copy-rules';
import { pagePolicy } from '@/lib/security/content-security-policy';
import { setsOwnPolicy } from '@/lib/security/own-policy-documents';
import { holdsBuyForm, paymentFormTargets } from '@/lib/security/payment-form-targets';
import { editionNonce, freshNonce } from '@/lib/security/script-nonce';
import { isDataPath, NON_DOCUMENT_POLICY } from '@/lib/security/security-headers.mjs';
import { sessionSecret } from '@/lib/staff-web/session-secret';

// The web server answers repeat requests for a copy itself, by these rules (lib/page-cache/held-copies.mjs).
publishHeldCopyRules();

/** Internal route that serves the JSON discovery document for `/`. */
const DISCOVERY_ROUTE = '/root-discovery';
/** No page lives here: internal addresses asked for directly get the site's 404. */
const NOT_FOUND_ROUTE = '/cached';

/** Browsers ask for HTML; Next's client router fetches `/` with its own headers and must get the page too. */
function wantsHtml(request: NextRequest): boolean {
  if (request.headers.has('rsc') || request.headers.has('next-router-prefetch')) return true;
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

function policyFor(request: NextRequest, nonce: string): string {
  const { pathname } = request.nextUrl;
  return pagePolicy({
    nonce,
    formTargets: holdsBuyForm(pathname) ? paymentFormTargets(appConfig().PAYMENT_PROVIDER) : [],
    development: process.env.NODE_ENV === 'development',
  });
}

/**
 * A page: Next.js reads the nonce for its scripts from the request's Content-Security-Policy header (its nonce
 * mechanism), and the same policy goes out with the answer. `rewriteTo` serves another route at the visitor's address.
 */
function renderPage(request: NextRequest, policy: string, rewriteTo?: string, answerHeaders: Record<string, string> = {}): NextResponse {
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', policy);
  const forward = { request: { headers: requestHeaders } };
  // Same origin as the request (request.url), so Next serves the route itself instead of proxying to another host.
  const response = rewriteTo ? NextResponse.rewrite(new URL(`${rewriteTo}${request.nextUrl.search}`, request.url), forward) : NextResponse.next(forward);
  response.headers.set('content-security-policy', policy);
  for (const [name, value] of Object.entries(answerHeaders)) response.headers.set(name, value);
  return response;
}

/** The nonce of the current edition's copies, derived once per edition. */
let editionNonceMemo: { stamp: string; nonce: string } | undefined;
function nonceOfEdition(stamp: string): string {
  if (editionNonceMemo?.stamp !== stamp) editionNonceMemo = { stamp, nonce: editionNonce(sessionSecret(), stamp) };
  return editionNonceMemo.nonce;
}

/**
 * A content page a cache may keep (a visitor's GET or HEAD of a page proxy's routing knows, without a draft-mode or
 * staff cookie) is rewritten to its copy for the current content edition, with that edition's nonce, so every copy
 * matches the header sent with it; its ETag lets browsers and nginx revalidate without Next rendering anything. Any
 * other page is rendered for this request with a fresh nonce.
 */
async function page(request: NextRequest): Promise<NextResponse> {
  const cookieNames = request.cookies.getAll().map((cookie) => cookie.name);
  if (!mayUseCachedPage({ method: request.method, cookieNames })) return renderPage(request, policyFor(request, freshNonce()));
  const edition = await currentEdition();
  const copy = cachedPagePath(request.nextUrl.pathname, request.nextUrl.searchParams, edition);
  if (!copy) return renderPage(request, policyFor(request, freshNonce()));

  const policy = policyFor(request, nonceOfEdition(edition.stamp));
  const answerHeaders: Record<string, string> = { 'cache-control': PAGE_CACHE_CONTROL };
  if (!request.headers.has('rsc')) {
    answerHeaders.etag = copyEtag(edition.stamp);
    if (clientHoldsCopy(request.headers.get('if-none-match'), answerHeaders.etag)) {
      return new NextResponse(null, { status: 304, headers: { ...answerHeaders, 'content-security-policy': policy } });
    }
  }
  return renderPage(request, policy, copy, answerHeaders);
}

/**
 * Pages pass here (the API and static files do not: see the matcher). `GET /` and `HEAD /` are content-negotiated:
 * the home page for browsers, the JSON discovery document for everything else (ARCHITECTURE.md decision 4). Content
 * pages are routed to their cached copies, and every page gets its Content-Security-Policy. Internal routes are
 * not reachable by their own path. Headers that are the same for every answer come from next.config.mjs.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  if (pathname === DISCOVERY_ROUTE) return NextResponse.rewrite(new URL('/v1/not-found', request.url));
  // A cached page's social card is addressed inside its edition's tree (the card changes with the edition).
  if (isCachedPagesPath(pathname) && !isDataPath(pathname)) return renderPage(request, policyFor(request, freshNonce()), NOT_FOUND_ROUTE);
  if (pathname === '/' && !wantsHtml(request)) {
    const response = NextResponse.rewrite(new URL(DISCOVERY_ROUTE, request.url));
    response.headers.set('vary', 'Accept');
    response.headers.set('content-security-policy', NON_DOCUMENT_POLICY);
    return response;
  }
  // Data answers the matcher lets through (JSON, XML, text) carry their policy from next.config.mjs.
  if (isDataPath(pathname) || setsOwnPolicy(pathname)) return NextResponse.next();
  return page(request);
}

export const config = {
  // Not the API (its answers get their headers from next.config.mjs, and a proxy pass would cost it a third of its
  // throughput), nor the media library's images (lib/http/media-response.ts), nor the build's static files and public/ assets.
  // Nor the media upload (lib/staff-web/media-upload.ts): Next hands a proxy a copy of the request body and cuts the
  // route's own copy at experimental.proxyClientMaxBodySize (10 MB), so an image of 10 to 15 MB arrived without its
  // file. The proxy gave that route nothing it needs: it answers JSON or a redirect (no page, so no nonce), its policy
  // comes from next.config.mjs as a data path (DATA_PATH_SOURCES), it reads the staff session itself, and the web
  // server makes the same-origin check before Next sees the request.
  matcher: ['/((?!v1/|v1$|media/|staff/media/upload$|_next/|vendor/|icon\\.svg|favicon\\.ico).*)'],
};
