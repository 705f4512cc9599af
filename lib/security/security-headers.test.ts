import { describe, expect, it } from 'vitest';
import { isDataPath, NON_DOCUMENT_POLICY, securityHeaderRules, strictTransportSecurityFor } from './security-headers.mjs';

describe('security header rules (next.config.mjs)', () => {
  const rules = securityHeaderRules();

  it('sends nosniff, the referrer, permissions and opener policies with every answer', () => {
    const everyAnswer = rules.find((rule) => rule.source === '/:path*')!;
    expect(Object.fromEntries(everyAnswer.headers.map(({ key, value }) => [key, value]))).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringMatching(/^accelerometer=\(\), .*camera=\(\), .*geolocation=\(\), .*microphone=\(\), .*payment=\(\), .*usb=\(\)/),
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });

  it('keeps the stricter referrer policy of the booking-management page, after the general rule', () => {
    const index = rules.findIndex((rule) => rule.source === '/bookings/:token*');
    expect(index).toBeGreaterThan(rules.findIndex((rule) => rule.source === '/:path*'));
    expect(rules[index]!.headers).toEqual([{ key: 'Referrer-Policy', value: 'same-origin' }]);
  });

  it("gives data answers default-src 'none'", () => {
    const api = rules.find((rule) => rule.source === '/v1/:path*')!;
    expect(api.headers).toEqual([{ key: 'Content-Security-Policy', value: NON_DOCUMENT_POLICY }]);
    expect(NON_DOCUMENT_POLICY).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });
});

describe('isDataPath', () => {
  it.each([
    '/v1',
    '/v1/services',
    '/mcp',
    '/health',
    '/openapi.json',
    '/llms.txt',
    '/sitemap.xml',
    '/robots.txt',
    '/insights/feed.xml',
    '/webhooks/stripe',
    '/calendars/x.ics',
    '/staff/media/upload',
  ])('%s is data', (path) => expect(isDataPath(path)).toBe(true));
  it.each(['/', '/v1x', '/insights', '/docs', '/health/more', '/staff', '/staff/media', '/staff/media/upload/more'])('%s is not', (path) =>
    expect(isDataPath(path)).toBe(false),
  );
});

describe('strictTransportSecurityFor', () => {
  it('asks for https for two years only when the site is served over https', () => {
    expect(strictTransportSecurityFor('https://throughlinepartners.com')).toBe('max-age=63072000; includeSubDomains');
    expect(strictTransportSecurityFor('http://localhost:3000')).toBeNull();
    expect(strictTransportSecurityFor(undefined)).toBeNull();
  });
});
