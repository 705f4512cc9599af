import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FETCH_TIMEOUT_MS, MAX_BODY_BYTES, MAX_REDIRECTS, safeFetch } from './safe-fetch';
import type { SafeFetchErrorCode } from '../guarded-fetch/safe-fetch-error';
import type { LocalServer } from '../../test-support/audit/local-server';
import { FIXTURE_TLS, startLocalServer } from '../../test-support/audit/local-server';
import { failureOf } from '../../test-support/guarded-fetch/safe-fetch-failure';
import { auditUserAgent } from './user-agent';

const PAGE = '<!doctype html><html lang="en"><head><title>Harbor Lane Dental</title></head><body><h1>Same-week cleanings</h1></body></html>';

async function codeOf(promise: Promise<unknown>): Promise<SafeFetchErrorCode> {
  return (await failureOf(promise)).code;
}

function html(response: ServerResponse, body: string, status = 200) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

describe('safeFetch against local servers', () => {
  let site: LocalServer;
  let seen: IncomingMessage[] = [];
  // A second listener nobody should ever reach: it counts connections.
  let forbidden: LocalServer;

  beforeAll(async () => {
    forbidden = await startLocalServer((_request, response) => html(response, PAGE));
    site = await startLocalServer((request, response) => {
      seen.push(request);
      const url = new URL(request.url ?? '/', 'http://fixture');
      const hop = /^\/loop\/(\d+)$/.exec(url.pathname);
      if (hop) {
        response.writeHead(302, { location: `/loop/${Number(hop[1]) + 1}` });
        return response.end();
      }
      switch (url.pathname) {
        case '/':
          return html(response, PAGE);
        case '/start':
          response.writeHead(301, { location: `${site.origin}/step-2` });
          return response.end();
        case '/step-2':
          response.writeHead(302, { location: '/pricing/step-3?from=ad' });
          return response.end();
        case '/pricing/step-3':
          response.writeHead(307, { location: '../offer' });
          return response.end();
        case '/offer':
          return html(response, PAGE);
        case '/to-forbidden':
          response.writeHead(302, { location: `${url.searchParams.get('scheme') ?? 'http'}://${url.searchParams.get('host')}:${forbidden.port}/` });
          return response.end();
        case '/trickle': {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.write('<!doctype html><p>');
          const drip = setInterval(() => response.write('.'), 200);
          response.once('close', () => clearInterval(drip));
          return;
        }
        case '/silent':
          return; // never answers
        case '/huge': {
          response.writeHead(200, { 'content-type': 'text/html' });
          const chunk = Buffer.alloc(64 * 1024, 'a');
          let sent = 0;
          const pump = () => {
            while (sent < 5 * 1024 * 1024) {
              sent += chunk.length;
              if (!response.write(chunk)) return void response.once('drain', pump);
            }
            response.end();
          };
          return pump();
        }
        case '/exactly-cap': {
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end(Buffer.alloc(1000, 'b'));
        }
        case '/price-list.json':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('{"cleaning":95}');
        case '/brochure.pdf':
          response.writeHead(200, { 'content-type': 'application/pdf' });
          return response.end('%PDF-1.7');
        case '/untyped':
          response.writeHead(200);
          return response.end(PAGE);
        case '/xhtml':
          response.writeHead(200, { 'content-type': 'application/xhtml+xml' });
          return response.end(PAGE);
        case '/euro-prices':
          response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-15' });
          return response.end(Buffer.from('<p>Caf\xe9 cr\xe8me, 12 \xa4</p>', 'latin1'));
        default:
          return html(response, '<h1>Not found</h1>', 404);
      }
    });
  });

  afterEach(() => {
    seen = [];
  });

  afterAll(async () => {
    await site.close();
    await forbidden.close();
  });

  const allowSite = () => ({ allowedHosts: [site.hostPort] });

  it('fetches an allow-listed page, names the bot honestly and measures the fetch', async () => {
    const page = await safeFetch(`${site.origin}/`, allowSite());
    expect(page).toMatchObject({
      requestedUrl: `${site.origin}/`,
      finalUrl: `${site.origin}/`,
      redirects: [],
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: PAGE,
      bytes: Buffer.byteLength(PAGE),
      truncated: false,
      https: false,
    });
    expect(page.timeToFirstByteMs).toBeGreaterThanOrEqual(0);
    expect(page.totalMs).toBeGreaterThanOrEqual(page.timeToFirstByteMs);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['user-agent']).toBe(auditUserAgent());
    expect(seen[0]!.headers.host).toBe(site.hostPort);
    expect(seen[0]!.headers['accept-encoding']).toBe('identity');
  });

  it('refuses the same loopback page when it is not allow-listed, without connecting', async () => {
    const before = site.connections();
    const refusal = await failureOf(safeFetch(`${site.origin}/`, { allowedHosts: [], allowedPorts: [site.port] }));
    expect(refusal.code).toBe('ADDRESS_REFUSED');
    expect(refusal.failureReason).toBe(
      `The page at ${site.origin}/ points to a private or internal network address, which we do not fetch. Send us the public address of the page.`,
    );
    expect(await codeOf(safeFetch(`${site.origin}/`, { allowedHosts: [] }))).toBe('PORT_REFUSED');
    // The allow-list names one port: the same host on another port is still refused.
    expect(await codeOf(safeFetch(`http://127.0.0.1:${forbidden.port}/`, { allowedHosts: [site.hostPort], allowedPorts: [forbidden.port] }))).toBe(
      'ADDRESS_REFUSED',
    );
    expect(site.connections()).toBe(before);
    expect(forbidden.connections()).toBe(0);
  });

  it('follows a redirect chain, relative locations included, and reports every hop', async () => {
    const page = await safeFetch(`${site.origin}/start`, allowSite());
    expect(page.finalUrl).toBe(`${site.origin}/offer`);
    expect(page.redirects).toEqual([
      { url: `${site.origin}/start`, status: 301, location: `${site.origin}/step-2` },
      { url: `${site.origin}/step-2`, status: 302, location: `${site.origin}/pricing/step-3?from=ad` },
      { url: `${site.origin}/pricing/step-3?from=ad`, status: 307, location: `${site.origin}/offer` },
    ]);
    expect(page.body).toBe(PAGE);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    const refusal = await failureOf(safeFetch(`${site.origin}/loop/0`, allowSite()));
    expect(refusal.code).toBe('TOO_MANY_REDIRECTS');
    expect(refusal.failureReason).toBe(
      `The page at ${site.origin}/loop/0 redirected more than 5 times, so we stopped following it. Send us the address the page finally lives at.`,
    );
    expect(seen.map((request) => request.url)).toEqual(['/loop/0', '/loop/1', '/loop/2', '/loop/3', '/loop/4', '/loop/5']);
  });

  it.each([['127.0.0.1'], ['localhost'], ['[::ffff:127.0.0.1]'], ['2130706433'], ['0177.0.0.1']])(
    'refuses a redirect to loopback (%s) that is not allow-listed, and never connects to it',
    async (host) => {
      const refusal = await failureOf(
        safeFetch(`${site.origin}/to-forbidden?host=${encodeURIComponent(host)}`, { ...allowSite(), allowedPorts: [80, 443, forbidden.port] }),
      );
      expect(refusal.code).toBe('ADDRESS_REFUSED');
      expect(refusal.failureReason).toMatch(new RegExp(`^The page at ${site.origin}/to-forbidden\\?host=\\S+ \\(redirected to http://`));
      expect(forbidden.connections()).toBe(0);
    },
  );

  it('refuses a host name when any address it resolves to is refused, before connecting', async () => {
    const resolveHost = vi.fn(async () => ['93.184.215.14', '127.0.0.1']);
    const refusal = await failureOf(safeFetch('https://ridgeline-roofing.example/offer', { resolveHost }));
    expect(refusal.code).toBe('ADDRESS_REFUSED');
    expect(resolveHost).toHaveBeenCalledWith('ridgeline-roofing.example');
    expect(await codeOf(safeFetch('http://metadata.attacker.example/', { resolveHost: async () => ['169.254.169.254'] }))).toBe('ADDRESS_REFUSED');
    expect(await codeOf(safeFetch('http://v6.attacker.example/', { resolveHost: async () => ['fd00::1'] }))).toBe('ADDRESS_REFUSED');
  });

  it('reports a name that does not resolve', async () => {
    const failure = await failureOf(
      safeFetch('https://no-such-bakery.example/', {
        resolveHost: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND no-such-bakery.example'), { code: 'ENOTFOUND' });
        },
      }),
    );
    expect(failure.code).toBe('DNS_FAILED');
    expect(failure.failureReason).toBe(
      'The page at https://no-such-bakery.example/ could not be reached: the domain name no-such-bakery.example did not resolve. Check the address for typos.',
    );
    expect(await codeOf(safeFetch('https://empty.example/', { resolveHost: async () => [] }))).toBe('DNS_FAILED');
  });

  it('connects to the address it checked and keeps the host name in the Host header', async () => {
    const resolveHost = vi.fn(async () => ['127.0.0.1']);
    const page = await safeFetch(`http://harbor-lane-dental.test:${site.port}/`, { allowedHosts: [`harbor-lane-dental.test:${site.port}`], resolveHost });
    expect(page.body).toBe(PAGE);
    expect(resolveHost).toHaveBeenCalledTimes(1);
    expect(seen[0]!.headers.host).toBe(`harbor-lane-dental.test:${site.port}`);
  });

  it('tries every checked address in turn, and only those', async () => {
    // Nothing listens on [::1] at this port: the connection falls back to the next checked address.
    const page = await safeFetch(`http://harbor-lane-dental.test:${site.port}/`, {
      allowedHosts: [`harbor-lane-dental.test:${site.port}`],
      resolveHost: async () => ['::1', '127.0.0.1'],
    });
    expect(page.body).toBe(PAGE);
  });

  it('fails at the deadline while a server trickles a byte every 200 ms', async () => {
    const started = performance.now();
    const failure = await failureOf(safeFetch(`${site.origin}/trickle`, { ...allowSite(), timeoutMs: 1000 }));
    const elapsed = performance.now() - started;
    expect(failure.code).toBe('TIMEOUT');
    expect(failure.failureReason).toBe(`The page at ${site.origin}/trickle did not answer within 1 second.`);
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(3000);
  });

  it(`gives the whole fetch ${DEFAULT_FETCH_TIMEOUT_MS} ms by default`, async () => {
    expect(DEFAULT_FETCH_TIMEOUT_MS).toBe(10_000);
    // Only the deadline timer is faked; sockets keep real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const outcome = failureOf(safeFetch(`${site.origin}/silent`, allowSite()));
      // Not vi.waitFor: with fake timers it advances them itself.
      while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const failure = await outcome;
      expect(failure.code).toBe('TIMEOUT');
      expect(failure.failureReason).toBe(`The page at ${site.origin}/silent did not answer within 10 seconds.`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cuts a 5 MB page at 2 MiB and marks it truncated', async () => {
    const page = await safeFetch(`${site.origin}/huge`, allowSite());
    expect(MAX_BODY_BYTES).toBe(2_097_152);
    expect(page.truncated).toBe(true);
    expect(page.bytes).toBe(2_097_152);
    expect(page.body).toHaveLength(2_097_152);
  });

  it('does not mark a body that fits the cap exactly as truncated', async () => {
    const page = await safeFetch(`${site.origin}/exactly-cap`, { ...allowSite(), maxBodyBytes: 1000 });
    expect(page).toMatchObject({ bytes: 1000, truncated: false });
  });

  it('refuses content that is not HTML', async () => {
    const failure = await failureOf(safeFetch(`${site.origin}/price-list.json`, allowSite()));
    expect(failure.code).toBe('NOT_HTML');
    expect(failure.failureReason).toBe(`The page at ${site.origin}/price-list.json is not a web page: it was served as “application/json”, not as HTML.`);
    expect(await codeOf(safeFetch(`${site.origin}/brochure.pdf`, allowSite()))).toBe('NOT_HTML');
    expect(await codeOf(safeFetch(`${site.origin}/untyped`, allowSite()))).toBe('NOT_HTML');
    expect((await safeFetch(`${site.origin}/xhtml`, allowSite())).body).toBe(PAGE);
  });

  it('decodes the charset the server declares', async () => {
    expect((await safeFetch(`${site.origin}/euro-prices`, allowSite())).body).toBe('<p>Café crème, 12 €</p>');
  });

  it('reports an error status as an HTTP error', async () => {
    const failure = await failureOf(safeFetch(`${site.origin}/gone`, allowSite()));
    expect(failure.code).toBe('HTTP_ERROR');
    expect(failure.failureReason).toBe(`The page at ${site.origin}/gone answered with HTTP status 404 instead of the page.`);
  });

  it('reports a server that refuses the connection', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    expect(await codeOf(safeFetch(`${closed.origin}/`, { allowedHosts: [closed.hostPort] }))).toBe('CONNECTION_FAILED');
  });

  it.each([
    ['ftp://files.example.com/offer.html', '“ftp://files.example.com/offer.html” cannot be audited: only http:// and https:// addresses are audited.'],
    ['javascript:alert(1)', '“javascript:alert(1)” cannot be audited: only http:// and https:// addresses are audited.'],
    [
      'www.harborlanedental.com',
      '“www.harborlanedental.com” cannot be audited: it is not a complete web address (it should look like https://www.example.com/offer).',
    ],
    [
      'https://owner:secret@harborlanedental.com/',
      '“https://owner:secret@harborlanedental.com/” cannot be audited: the address must not contain a user name or password.',
    ],
  ])('refuses %s as a bad URL', async (url, reason) => {
    const failure = await failureOf(safeFetch(url, { resolveHost: async () => ['93.184.215.14'] }));
    expect(failure.code).toBe('BAD_URL');
    expect(failure.failureReason).toBe(reason);
  });
});

describe('safeFetch over TLS', () => {
  let site: LocalServer;
  const servernames: Array<string | false | null> = [];

  beforeAll(async () => {
    site = await startLocalServer(
      (request, response) => {
        servernames.push((request.socket as TLSSocket).servername);
        html(response, PAGE);
      },
      { tls: true },
    );
  });

  afterAll(() => site.close());

  it('verifies the certificate against the host name while connecting to the checked address', async () => {
    const url = `https://${FIXTURE_TLS.hostname}:${site.port}/`;
    const options = { allowedHosts: [`${FIXTURE_TLS.hostname}:${site.port}`], resolveHost: async () => ['127.0.0.1'] };
    const page = await safeFetch(url, { ...options, trustedCertificates: [FIXTURE_TLS.cert] });
    expect(page).toMatchObject({ finalUrl: url, https: true, body: PAGE });
    expect(servernames).toEqual([FIXTURE_TLS.hostname]);
    // The same server without trusting its certificate: TLS verification is on.
    expect(await codeOf(safeFetch(url, options))).toBe('CONNECTION_FAILED');
  });
});
