import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.mjs';
import { baseUrl } from '../../test-support/http/contract';
import { staffCookie } from '../../test-support/http/staff';

const PERMISSIONS =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), ' +
  'sync-xhr=(), usb=(), xr-spatial-tracking=()';

const pagePolicy = (nonce: string) =>
  `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; ` +
  "font-src 'self'; connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

function expectCommonHeaders(response: Response, referrerPolicy = 'strict-origin-when-cross-origin') {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe(referrerPolicy);
  expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS);
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(response.headers.get('strict-transport-security')).toBeNull(); // the test server's SITE_URL is http
}

const nonceIn = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

describe('security headers', () => {
  it('a page: the strict nonce policy, and the headers every answer carries', async () => {
    for (const path of ['/about', '/contact']) {
      const response = await get(path);
      expectCommonHeaders(response);
      expect(response.headers.get('content-security-policy')).toBe(pagePolicy(nonceIn(response)));
      expect(nonceIn(response)).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    }
  });

  it('a staff page: the same, signed out (the redirect to sign-in) and signed in', async () => {
    const signedOut = await get('/staff');
    expect(signedOut.status).toBe(307);
    expectCommonHeaders(signedOut);
    expect(signedOut.headers.get('content-security-policy')).toBe(pagePolicy(nonceIn(signedOut)));

    const signedIn = await get('/staff', { cookie: await staffCookie('admin') });
    expect(signedIn.status).toBe(200);
    expectCommonHeaders(signedIn);
    expect(signedIn.headers.get('content-security-policy')).toBe(pagePolicy(nonceIn(signedIn)));
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  });

  it('the booking-management page keeps its stricter referrer policy', async () => {
    const response = await get('/bookings/not-a-real-token');
    expectCommonHeaders(response, 'same-origin');
    expect(response.headers.get('content-security-policy')).toBe(pagePolicy(nonceIn(response)));
  });

  it("/v1: default-src 'none' and nosniff, with its caching headers unchanged", async () => {
    const stamp = ((await (await fetch(`${baseUrl()}/v1/health`)).json()) as { build_stamp: string }).build_stamp;
    const response = await get('/v1/services', { accept: 'application/json' });
    expectCommonHeaders(response);
    expect(response.headers.get('content-security-policy')).toBe(DATA_POLICY);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30, s-maxage=60, stale-while-revalidate=300');
    expect(response.headers.get('etag')).toBe(`W/"${stamp}"`);
    const error = await get('/v1/services/no-such-service', { accept: 'application/json' });
    expectCommonHeaders(error);
    expect(error.headers.get('content-security-policy')).toBe(DATA_POLICY);
    expect(error.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/', '/openapi.json', '/llms.txt', '/sitemap.xml', '/insights/feed.xml', '/robots.txt', '/health'])(
    "%s (data, not a document): default-src 'none'",
    async (path) => {
      const response = await get(path, { accept: 'application/json' });
      expect(response.status).toBe(200);
      expectCommonHeaders(response);
      expect(response.headers.get('content-security-policy')).toBe(DATA_POLICY);
    },
  );

  it("the media library's files and the social cards (images, not documents): default-src 'none' and nosniff", async () => {
    const { image } = (await (await fetch(`${baseUrl()}/v1/insights/buffer-management-red-zones`)).json()) as { image: { url: string } };
    const card = /<meta property="og:image" content="([^"]+)"/.exec(await (await get('/insights/buffer-management-red-zones')).text())![1]!;
    for (const url of [new URL(image.url).pathname, `/media/${'0'.repeat(32)}/320.jpg`, new URL(card).pathname + new URL(card).search]) {
      const response = await get(url, { accept: 'image/avif,image/webp,*/*' });
      expectCommonHeaders(response);
      expect(response.headers.get('content-security-policy'), url).toBe(DATA_POLICY);
    }
    const upload = await fetch(`${baseUrl()}/staff/media/upload`, { method: 'POST', headers: { origin: baseUrl(), accept: 'application/json' }, body: 'x' });
    expect(upload.status).toBe(401);
    expectCommonHeaders(upload);
    expect(upload.headers.get('cache-control')).toBe('no-store');
    // proxy.ts does not see the upload (its body may pass the proxy's limit): its policy is the data answers' one.
    expect(upload.headers.get('content-security-policy')).toBe(DATA_POLICY);
  });

  it('/docs: its own policy, for Swagger UI served from the site', async () => {
    const response = await get('/docs');
    expectCommonHeaders(response);
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'$/,
    );
  });

  it("an email's HTML part for staff: its own document, never shown signed out, never stored", async () => {
    const signedOut = await get('/staff/outbox/no-such-message/html');
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get('location')).toBe('/staff/sign-in?next=%2Fstaff%2Foutbox%2Fno-such-message');
    const unknown = await get('/staff/outbox/no-such-message/html', { cookie: await staffCookie('sales') });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('static files carry nosniff too', async () => {
    const response = await get('/icon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('Strict-Transport-Security', () => {
  it('is on every answer when SITE_URL is https', async () => {
    const server = await startTestServer({ env: { SITE_URL: 'https://throughline.example', JOB_RUNNER: 'off' } });
    try {
      for (const path of ['/about', '/contact', '/v1/services', '/docs', '/icon.svg', '/staff']) {
        const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
        expect(response.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      }
    } finally {
      await server.stop();
    }
  });
});
