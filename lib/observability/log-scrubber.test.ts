import { describe, expect, it } from 'vitest';
import { pathWithoutTokens, scrubLogLine } from './log-scrubber.mjs';

describe('scrubLogLine', () => {
  it.each([
    ['smtp error for smtp://mailer:hunter2@mail.example.com:587', 'smtp error for smtp://[credentials]@mail.example.com:587'],
    ['postgresql://app:s3cret@db:5432/site', 'postgresql://[credentials]@db:5432/site'],
    ['key sk_live_51HxYzAbC and sk_test_0123 and rk_live_9 and whsec_abcDEF', 'key [stripe-key] and [stripe-key] and [stripe-key] and [stripe-key]'],
    ['Authorization: Bearer abc.def-123', 'Authorization: Bearer [secret]'],
    ['550 <jane.doe+site@mail.example.co.uk>: rejected', '550 <[email]>: rejected'],
    ['call +1 555 010 9999 or +44 20 7946 0958 or +15550109999', 'call [phone] or [phone] or [phone]'],
    ['call (555) 010-9999 or 555-010-9999 or 555 010 9999', 'call [phone] or [phone] or [phone]'],
    ["The audit of report 'q2Jx8Yh3mH0Lr9qzZ-4o5t6u7v8w9x0y1z2A3B4C5D6' failed", "The audit of report '[token]' failed"],
    ['/preview/AAAAAAAAAAAAAAAAAAAAAA.q2Jx8Yh3mH0Lr9qzZ-4o5t6u7v8w9x0y1z2A3B4C5D6', '/preview/AAAAAAAAAAAAAAAAAAAAAA.[token]'],
  ])('%s', (line, scrubbed) => {
    expect(scrubLogLine(line)).toBe(scrubbed);
  });

  it('leaves what a log line needs: times, dates, addresses, ids, durations and counts', () => {
    const line = JSON.stringify({
      level: 'info',
      time: '2026-11-25T20:57:48.123Z',
      epoch: 1764103068123,
      pid: 12345,
      msg: 'GET /v1/services 200 in 12 ms, 5120 bytes; retry at 2026-11-25T21:00:00.000Z on 2026-11-25',
      client: '203.0.113.50',
      ipv6: '2001:db8::1',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      requestId: '123e4567-e89b-12d3-a456-426614174000',
      version: '1.2.3',
      port: 3000,
      counts: '3 of 12, 345 left, 10 20',
    });
    expect(scrubLogLine(line)).toBe(line);
  });
});

describe('pathWithoutTokens', () => {
  it.each([
    ['/v1/checkout/abc123?x=1', '/v1/checkout/{token}'],
    ['/v1/reports/tok', '/v1/reports/{token}'],
    ['/bookings/tok/extra', '/bookings/{token}/extra'],
    ['/preview/tok', '/preview/{token}'],
    ['/checkout/tok', '/checkout/{token}'],
    ['/v1/services/x?limit=2', '/v1/services/x'],
  ])('%s', (path, expected) => {
    expect(pathWithoutTokens(path)).toBe(expected);
  });
});
