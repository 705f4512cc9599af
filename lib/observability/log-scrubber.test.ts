import { afterEach, describe, expect, it, vi } from 'vitest';
import { newWebhookSecret } from '@/lib/webhook-sender/webhook-secret';
import { configuredSecrets, pathWithoutTokens, rereadConfiguredSecrets, scrubLogLine } from './log-scrubber.mjs';

/** A secret of our webhook sender whose key (base64) starts with `first`: about one in 64 does. */
function webhookSecretStartingWith(first: string): string {
  for (;;) {
    const secret = newWebhookSecret();
    if (secret.startsWith(`whsec_${first}`)) return secret;
  }
}

describe('scrubLogLine', () => {
  it.each([
    ['smtp error for smtp://mailer:hunter2@mail.example.com:587', 'smtp error for smtp://[credentials]@mail.example.com:587'],
    ['postgresql://app:s3cret@db:5432/site', 'postgresql://[credentials]@db:5432/site'],
    ['key sk_live_51HxYzAbC and sk_test_0123 and rk_live_9 and whsec_abcDEF', 'key [stripe-key] and [stripe-key] and [stripe-key] and [webhook-secret]'],
    ['Authorization: Bearer abc.def-123', 'Authorization: Bearer [secret]'],
    ['550 <jane.doe+site@mail.example.co.uk>: rejected', '550 <[email]>: rejected'],
    ['call +1 555 010 9999 or +44 20 7946 0958 or +15550109999', 'call [phone] or [phone] or [phone]'],
    ['call (555) 010-9999 or 555-010-9999 or 555 010 9999', 'call [phone] or [phone] or [phone]'],
    ['call 412.555.0199 or (412)555-0199 or (412) 555-0199.', 'call [phone] or [phone] or [phone].'],
    ['Berlin 030 1234567, London 07700 900123 or 07700 900 123; 030/1234567', 'Berlin [phone], London [phone] or [phone]; [phone]'],
    ['call +44 20 7946 0958, +49 30 1234567. Or +1.412.555.0199', 'call [phone], [phone]. Or [phone]'],
    ['{"phone":"+49 30 1234567","fax":"030 1234567","tel":"tel:+15550109999"}', '{"phone":"[phone]","fax":"[phone]","tel":"tel:[phone]"}'],
    ["The audit of report 'q2Jx8Yh3mH0Lr9qzZ-4o5t6u7v8w9x0y1z2A3B4C5D6' failed", "The audit of report '[token]' failed"],
    ['/preview/AAAAAAAAAAAAAAAAAAAAAA.q2Jx8Yh3mH0Lr9qzZ-4o5t6u7v8w9x0y1z2A3B4C5D6', '/preview/AAAAAAAAAAAAAAAAAAAAAA.[token]'],
  ])('%s', (line, scrubbed) => {
    expect(scrubLogLine(line)).toBe(scrubbed);
  });

  it.each(['/', '+', 'A'])('replaces our own webhook signing secrets whole, also one whose key starts with %s', (first) => {
    const secret = webhookSecretStartingWith(first);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const line = JSON.stringify({ msg: `signing with ${secret}.`, secret, header: `secret=${secret}&x=1` });
    expect(scrubLogLine(line)).toBe(
      JSON.stringify({ msg: 'signing with [webhook-secret].', secret: '[webhook-secret]', header: 'secret=[webhook-secret]&x=1' }),
    );
  });

  it('leaves what a log line needs: times, dates, addresses, ids, durations and counts', () => {
    const line = JSON.stringify({
      level: 'info',
      time: '2026-11-25T20:57:48.123Z',
      epoch: 1764103068123,
      pid: 12345,
      msg: 'GET /v1/services 200 in 12 ms, 5120 bytes; retry at 2026-11-25T21:00:00.000Z on 2026-11-25',
      dates: '2026-11-26 2026-11-26T14:00:00.000Z 26.11.2026 11/26/2026 2026.11.26 at 14:00:00 or 14:00',
      durations: 'took 0.250 s, 1500 ms, 030 ms, 0.1234567 +0.1234567 -12345678 and 1764103068123 ms since 1764103068',
      ports: 'listening on 127.0.0.1:3000, [::1]:9464 and localhost:8080; port 5432',
      ids: 'job_01JDQ3V0Z8Q1 cm4x0abc1234567 TOC-2026-001234 rpt_0123456789 inquiry 1234567 number 0301234567',
      uuids: '00000000-0000-0000-0000-000000000000 0a1b2c3d-0123-4567-8901-234567890123',
      versions: 'next 16.0.3, node 22.11.0, prisma 7.0.1, release 2026.11.260',
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

describe('the secrets this process was configured with', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('are replaced wherever they turn up whole: an SMTP reply quoting the password, an API error echoing a token', () => {
    vi.stubEnv('SMTP_URL', 'smtp://relay-user:pa%22ss%2Fw0rd@mail.example.com:587');
    vi.stubEnv('METRICS_TOKEN', 'metrics-token-0123456789');
    rereadConfiguredSecrets();
    const line = JSON.stringify({
      msg: 'SMTP delivery failed: Invalid login: 535 5.7.8 Authentication failed for user "relay-user" with password "pa"ss/w0rd"',
      err: { message: 'expected metrics-token-0123456789, got another' },
    });
    expect(scrubLogLine(line)).toBe(
      JSON.stringify({
        msg: 'SMTP delivery failed: Invalid login: 535 5.7.8 Authentication failed for user "relay-user" with password "[secret]"',
        err: { message: 'expected [secret], got another' },
      }),
    );
  });

  it('are read from the environment: the passwords of SMTP_URL and DATABASE_URL, the keys and tokens; no user names, nothing shorter than 6', () => {
    const env = {
      SMTP_URL: 'smtps://mailer:s3cret-pass@mail.example.com',
      DATABASE_URL: 'postgresql://app:db-password@db:5432/site',
      STRIPE_SECRET_KEY: 'sk_live_abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_/x+y=',
      SESSION_SECRET: 'a'.repeat(32),
      METRICS_TOKEN: 'short',
      CALENDAR_SECRET_KEY: undefined,
    };
    expect(configuredSecrets(env)).toEqual(['a'.repeat(32), 'sk_live_abcdef', 'whsec_/x+y=', 's3cret-pass', 'db-password']);
    expect(configuredSecrets({ DATABASE_URL: 'file:./data/site.db' })).toEqual([]);
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
