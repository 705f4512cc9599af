import { describe, expect, it } from 'vitest';
import { NON_DOCUMENT_POLICY } from '../security/security-headers.mjs';
import { crossOriginRefusal, originRuleFor } from './request-origin.mjs';

const HOSTS = ['shop.throughline.example', 'www.throughline.example'];
const status = (method: string, pathname: string, origin: string | undefined, hosts: (string | undefined)[] = HOSTS) =>
  crossOriginRefusal({ method, pathname, origin, hosts })?.status ?? 'allowed';

describe('the origin rule of a path', () => {
  it.each([
    ['/webhooks/stripe', 'exempt'],
    ['/v1/inquiries', 'api'],
    ['/v1/bookings/abc/cancel', 'api'],
    ['/v1', 'api'],
    ['/mcp', 'api'],
    ['/v1x/inquiries', 'browser'],
    ['/mcpx', 'browser'],
    ['/webhooks/stripe/extra', 'browser'],
    ['/contact', 'browser'],
    ['/staff/sign-in', 'browser'],
    ['/staff/preview/exit', 'browser'],
    ['/', 'browser'],
  ])('%s is %s', (pathname, rule) => {
    expect(originRuleFor(pathname)).toBe(rule);
  });
});

describe('a state-changing request', () => {
  it.each([
    // method, path, Origin, answer
    ['POST', '/contact', 'https://www.throughline.example', 'allowed'],
    ['POST', '/contact', 'http://shop.throughline.example', 'allowed'],
    ['POST', '/contact', 'https://WWW.Throughline.example', 'allowed'],
    ['POST', '/contact', undefined, 403],
    ['POST', '/contact', '', 403],
    ['POST', '/contact', 'null', 403],
    ['POST', '/contact', 'https://evil.example', 403],
    ['POST', '/contact', 'https://www.throughline.example.evil.example', 403],
    ['POST', '/contact', 'https://www.throughline.example:8443', 403],
    ['POST', '/contact', 'https://www.throughline.example, https://evil.example', 403],
    ['POST', '/contact', 'javascript://www.throughline.example', 403],
    ['POST', '/staff/sign-in', undefined, 403],
    ['PUT', '/staff/reports', 'https://evil.example', 403],
    ['DELETE', '/staff', undefined, 403],
    ['POST', '/v1/inquiries', undefined, 'allowed'],
    ['POST', '/v1/inquiries', 'https://www.throughline.example', 'allowed'],
    ['POST', '/v1/inquiries', 'https://evil.example', 403],
    ['POST', '/v1/inquiries', 'null', 403],
    ['POST', '/mcp', undefined, 'allowed'],
    ['POST', '/mcp', 'http://localhost:6274', 403],
    ['POST', '/webhooks/stripe', undefined, 'allowed'],
    ['POST', '/webhooks/stripe', 'https://evil.example', 'allowed'],
  ])('%s %s with Origin %s: %s', (method, pathname, origin, answer) => {
    expect(status(method, pathname, origin)).toBe(answer);
  });

  it('is refused in the error envelope, naming what was wrong', () => {
    expect(crossOriginRefusal({ method: 'POST', pathname: '/v1/inquiries', origin: 'https://evil.example', hosts: HOSTS })).toEqual({
      status: 403,
      headers: {
        'content-type': 'application/json',
        'x-content-type-options': 'nosniff',
        'content-security-policy': NON_DOCUMENT_POLICY,
        'cache-control': 'no-store',
      },
      body: JSON.stringify({
        detail: 'POST /v1/inquiries came from another origin (https://evil.example) and was refused: this site accepts it only from its own pages.',
        code: 'CROSS_ORIGIN_REFUSED',
      }),
    });
    expect(JSON.parse(crossOriginRefusal({ method: 'POST', pathname: '/contact', origin: undefined, hosts: HOSTS })!.body)).toEqual({
      detail: 'POST /contact needs the Origin header of this site, which browsers send with every form; the request was refused.',
      code: 'CROSS_ORIGIN_REFUSED',
    });
  });

  it('compares the port too, and ignores hosts that are not known', () => {
    expect(status('POST', '/contact', 'http://127.0.0.1:4000', ['127.0.0.1:4000', undefined])).toBe('allowed');
    expect(status('POST', '/contact', 'http://127.0.0.1:4001', ['127.0.0.1:4000', undefined])).toBe(403);
    expect(status('POST', '/contact', 'http://127.0.0.1:4000', [undefined])).toBe(403);
  });
});

describe('a reading request', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('%s passes whatever its Origin', (method) => {
    expect(status(method, '/staff', 'https://evil.example')).toBe('allowed');
    expect(status(method, '/staff', undefined)).toBe('allowed');
  });
});
