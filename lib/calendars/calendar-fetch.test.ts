import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MAX_BODY_BYTES, guardedCalendarFetch } from './calendar-fetch';
import { fetchFeed } from './ics-feed';

/*
 * The calendar fetcher's limits against real local HTTP servers: the deadline, the body cap, the redirect limit, a
 * redirect to a private address, and an Authorization header that never follows a redirect to another origin.
 */

type Handler = (path: string, headers: IncomingHttpHeaders, response: ServerResponse) => void;

interface Local {
  server: Server;
  origin: string;
  hostPort: string;
  seen: { path: string; headers: IncomingHttpHeaders }[];
  handle: Handler;
}

async function listen(): Promise<Local> {
  const local = { seen: [], handle: () => undefined } as unknown as Local;
  local.server = createServer((request, response) => {
    local.seen.push({ path: request.url ?? '', headers: request.headers });
    local.handle(request.url ?? '', request.headers, response);
  });
  await new Promise<void>((resolve) => local.server.listen(0, '127.0.0.1', resolve));
  const { port } = local.server.address() as AddressInfo;
  local.hostPort = `127.0.0.1:${port}`;
  local.origin = `http://${local.hostPort}`;
  return local;
}

let a: Local;
let b: Local;
const fetcher = (options: Parameters<typeof guardedCalendarFetch>[0] = {}) => guardedCalendarFetch({ allowedHosts: [a.hostPort, b.hostPort], ...options });

beforeAll(async () => {
  [a, b] = await Promise.all([listen(), listen()]);
});

afterAll(async () => {
  for (const local of [a, b]) {
    local.server.closeAllConnections();
    await new Promise((resolve) => local.server.close(resolve));
  }
});

const reset = () => {
  a.seen.length = 0;
  b.seen.length = 0;
};

describe('guardedCalendarFetch', () => {
  it('gives up on a server that does not answer within the deadline, with its host and the time in words', async () => {
    a.handle = () => undefined; // holds the request open
    const started = performance.now();
    await expect(fetcher({ timeoutMs: 300 })(`${a.origin}/slow.ics`)).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: `${a.hostPort} did not answer within 0.3 seconds.`,
      transient: true,
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses an answer over the 16 MiB cap, and takes one of exactly 16 MiB', async () => {
    expect(CALENDAR_MAX_BODY_BYTES).toBe(16 * 1024 * 1024);
    let size = CALENDAR_MAX_BODY_BYTES;
    a.handle = (_path, _headers, response) => response.end(Buffer.alloc(size, 0x41));
    const whole = await fetcher()(`${a.origin}/big.ics`);
    expect((await whole.arrayBuffer()).byteLength).toBe(CALENDAR_MAX_BODY_BYTES);
    size = CALENDAR_MAX_BODY_BYTES + 1;
    await expect(fetcher()(`${a.origin}/big.ics`)).rejects.toMatchObject({ code: 'TOO_LARGE', message: `${a.hostPort} sent more than 16 MiB in one answer.` });
  });

  it('names a cap under 1 MiB in KiB or bytes, not "0 MiB"', async () => {
    a.handle = (_path, _headers, response) => response.end(Buffer.alloc(600 * 1024, 0x41));
    await expect(fetcher({ maxBodyBytes: 512 * 1024 })(`${a.origin}/big.ics`)).rejects.toThrow(`${a.hostPort} sent more than 512 KiB in one answer.`);
    await expect(fetcher({ maxBodyBytes: 300 })(`${a.origin}/big.ics`)).rejects.toThrow(`${a.hostPort} sent more than 300 bytes in one answer.`);
  });

  it('follows 5 redirects and refuses the 6th', async () => {
    a.handle = (path, _headers, response) => {
      const hop = Number(path.split('/')[2]);
      if (hop < Number(path.split('/')[3])) response.writeHead(302, { location: `/hop/${hop + 1}/${path.split('/')[3]}` }).end();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(`arrived after ${hop}`);
    };
    expect(await (await fetcher()(`${a.origin}/hop/0/5`)).text()).toBe('arrived after 5');
    await expect(fetcher()(`${a.origin}/hop/0/6`)).rejects.toMatchObject({
      code: 'TOO_MANY_REDIRECTS',
      message: `${a.hostPort} redirected more than 5 times.`,
    });
  });

  it('refuses a redirect to a private address, whether written as one or resolving to one', async () => {
    let location = 'https://10.20.30.40/calendar.ics';
    a.handle = (_path, _headers, response) => response.writeHead(302, { location }).end();
    await expect(fetcher()(`${a.origin}/moved.ics`)).rejects.toMatchObject({
      code: 'ADDRESS_REFUSED',
      message: '10.20.30.40 is a private or internal network address, which calendars may not use.',
    });
    location = 'https://calendar.example.com/calendar.ics';
    const resolveHost = async () => ['192.168.1.20'];
    await expect(fetcher({ resolveHost })(`${a.origin}/moved.ics`)).rejects.toMatchObject({
      code: 'ADDRESS_REFUSED',
      message: 'calendar.example.com is a private or internal network address, which calendars may not use.',
    });
  });

  it('keeps the Authorization header on a redirect within the origin and drops it on one to another origin', async () => {
    reset();
    a.handle = (path, _headers, response) => {
      if (path === '/here') response.writeHead(307, { location: '/there' }).end();
      else if (path === '/away') response.writeHead(307, { location: `${b.origin}/elsewhere` }).end();
      else response.end('ok');
    };
    b.handle = (_path, _headers, response) => response.end('ok');
    const authorization = `Basic ${Buffer.from('margaret:app-password').toString('base64')}`;
    await fetcher()(`${a.origin}/here`, { headers: { authorization } });
    await fetcher()(`${a.origin}/away`, { headers: { authorization } });
    expect(a.seen.map((request) => [request.path, request.headers.authorization])).toEqual([
      ['/here', authorization],
      ['/there', authorization],
      ['/away', authorization],
    ]);
    expect(b.seen.map((request) => [request.path, request.headers.authorization])).toEqual([['/elsewhere', undefined]]);
  });
});

describe('fetchFeed', () => {
  it('says a refused feed address may have been reset, without asking for a user name or password it does not have', async () => {
    a.handle = (_path, _headers, response) => response.writeHead(401).end();
    const attempt = fetchFeed(fetcher(), `${a.origin}/secret.ics`, { etag: null, lastModified: null });
    await expect(attempt).rejects.toMatchObject({
      code: 'FEED_REFUSED',
      message: `${a.hostPort} refused the calendar feed (HTTP 401). Its secret address may have been reset or made private: copy the address again.`,
    });
  });

  it('asks with the validators it holds and reports a 304 as unchanged', async () => {
    reset();
    a.handle = (_path, headers, response) => {
      if (headers['if-none-match'] === '"v1"') response.writeHead(304).end();
      else
        response
          .writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"', 'last-modified': 'Mon, 03 Mar 2031 12:00:00 GMT' })
          .end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    };
    expect(await fetchFeed(fetcher(), `${a.origin}/feed.ics`, { etag: null, lastModified: null })).toEqual({
      notModified: false,
      ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      etag: '"v1"',
      lastModified: 'Mon, 03 Mar 2031 12:00:00 GMT',
    });
    expect(await fetchFeed(fetcher(), `${a.origin}/feed.ics`, { etag: '"v1"', lastModified: 'Mon, 03 Mar 2031 12:00:00 GMT' })).toEqual({ notModified: true });
    expect(a.seen[1]!.headers['if-modified-since']).toBe('Mon, 03 Mar 2031 12:00:00 GMT');
  });
});
