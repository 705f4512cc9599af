import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebhookReceiver } from '@/test-support/webhooks/webhook-receiver';
import type { WebhookReceiver } from '@/test-support/webhooks/webhook-receiver';
import { FIXTURE_TLS } from '@/test-support/audit/local-server';
import { WEBHOOK_TIMEOUT_MS } from './delivery-limits';
import { retryAfterTime } from './retry-after';
import { sendWebhook } from './send-webhook';
import { newWebhookSecret } from './webhook-secret';
import { checkWebhookUrl } from './webhook-target';

/** 6,000 bytes of ASCII whose every position is told apart by its 16-byte line. */
const ASCII_ANSWER = Array.from({ length: 400 }, (_, line) => `line ${String(line).padStart(4, '0')} ....\n`).join('');
const body = JSON.stringify({ type: 'inquiry.created', id: 'msg_test1', timestamp: '2026-11-25T14:00:00.000Z', data: { id: 'inq_1' } });

describe('sendWebhook to a local receiver that verifies with standardwebhooks', () => {
  let receiver: WebhookReceiver;
  const current = newWebhookSecret();
  const previous = newWebhookSecret();

  beforeAll(async () => {
    receiver = await startWebhookReceiver({
      answer: (delivery) => {
        switch (delivery.path) {
          case '/gone':
            return { status: 410 };
          case '/moved':
            return { status: 301, headers: { location: '/hooks' } };
          case '/busy':
            return { status: 429, headers: { 'retry-after': '120' }, body: 'slow down' };
          case '/chatty':
            return { status: 200, body: 'é'.repeat(5000) };
          case '/ascii':
            return { status: 200, body: ASCII_ANSWER };
          case '/split-two':
            // 'a' and 2,047 é make 4,095 bytes: the 4,096th is the first half of the next é.
            return { status: 200, body: `a${'é'.repeat(3000)}` };
          case '/split-four':
            // 'ab' and 1,023 emoji make 4,094 bytes: the cap falls in the middle of the next one.
            return { status: 200, body: `ab${'😀'.repeat(2000)}` };
          case '/silent':
            return { status: 0, hang: true };
          default:
            return { status: 202, body: 'ok' };
        }
      },
    });
    for (const path of ['/hooks', '/gone', '/moved', '/busy', '/chatty', '/ascii', '/split-two', '/split-four', '/silent'])
      receiver.setSecrets(path, [current]);
    receiver.setSecrets('/old-only', [previous]);
  });
  afterAll(() => receiver.close());

  const send = (path: string, extra: Parameters<typeof sendWebhook>[1] = {}, secrets = [current]) =>
    sendWebhook({ url: receiver.url(path), id: 'msg_test1', body, secrets }, { allowedHosts: [receiver.server.hostPort], ...extra });

  it('signs with the Standard Webhooks headers, which the package verifies', async () => {
    const now = new Date();
    const result = await send('/hooks', { now });
    expect(result).toMatchObject({ answered: true, status: 202, body: 'ok', retryAfter: null });
    const delivery = receiver.deliveries.at(-1)!;
    expect(delivery.headers['webhook-id']).toBe('msg_test1');
    expect(delivery.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.body).toBe(body);
    expect(delivery.verifiedWith).toEqual([current]);
    expect(receiver.rejected).toEqual([]);
  });

  it('sends one signature per secret during a rotation, each verifying on its own', async () => {
    await send('/hooks', {}, [current, previous]);
    expect(receiver.deliveries.at(-1)!.signatures).toHaveLength(2);
    await sendWebhook({ url: receiver.url('/old-only'), id: 'msg_test1', body, secrets: [current, previous] }, { allowedHosts: [receiver.server.hostPort] });
    expect(receiver.deliveries.at(-1)!).toMatchObject({ path: '/old-only', verifiedWith: [previous] });
    expect(receiver.rejected).toEqual([]);
  });

  it('hands back what the receiver answered, a redirect included, with its Retry-After', async () => {
    expect(await send('/gone')).toMatchObject({ answered: true, status: 410 });
    expect(await send('/moved')).toMatchObject({ answered: true, status: 301 });
    expect(await send('/busy')).toMatchObject({ answered: true, status: 429, body: 'slow down', retryAfter: '120' });
    expect(receiver.deliveries.filter((delivery) => delivery.path === '/hooks' && delivery.answeredStatus === 202).length).toBeGreaterThan(0);
  });

  it('keeps exactly the first 4 KB of a longer answer', async () => {
    expect(await send('/ascii')).toMatchObject({ answered: true, status: 200, body: ASCII_ANSWER.slice(0, 4096) });
    // 2-byte characters that end exactly at the cap.
    expect(await send('/chatty')).toMatchObject({ answered: true, body: 'é'.repeat(2048) });
  });

  it.each([
    ['/split-two', `a${'é'.repeat(2047)}`, 4095],
    ['/split-four', `ab${'😀'.repeat(1023)}`, 4094],
  ])('drops a character the 4 KB cap cuts in two (%s), instead of a replacement character past the cap', async (path, kept, bytes) => {
    const result = await send(path);
    if (!result.answered) throw new Error('expected an answer');
    expect(result.body).toBe(kept);
    expect(Buffer.byteLength(result.body)).toBe(bytes);
  });

  it('gives up on a receiver that never answers', async () => {
    expect(await send('/silent', { timeoutMs: 300 })).toMatchObject({ answered: false, code: 'TIMEOUT', reason: 'The receiver did not answer within 300 ms.' });
  });

  it('gives up at 15 seconds (WEBHOOK_TIMEOUT_MS) when no deadline is passed, as in production', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(15_000);
    // The deadline is a setTimeout: faked alone, so the test moves it by hand while the sockets stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = receiver.deliveries.length;
      let settled: Awaited<ReturnType<typeof sendWebhook>> | undefined;
      const pending = send('/silent').then((result) => (settled = result));
      // Real I/O turns until the receiver holds the request (it never answers).
      for (let turn = 0; turn < 10_000 && receiver.deliveries.length === before; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(receiver.deliveries.at(-1)).toMatchObject({ path: '/silent', answeredStatus: 0 });
      vi.advanceTimersByTime(14_999);
      for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBeUndefined();
      vi.advanceTimersByTime(1);
      expect(await pending).toMatchObject({ answered: false, code: 'TIMEOUT', reason: 'The receiver did not answer within 15 seconds.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses plain http and loopback addresses that are not allow-listed, without connecting', async () => {
    const before = receiver.server.connections();
    expect(await send('/hooks', { allowedHosts: [] })).toEqual({
      answered: false,
      code: 'BAD_URL',
      reason: 'Webhooks are sent to https:// addresses only (plain http only to a host:port named in WEBHOOK_ALLOWED_HOSTS).',
      durationMs: 0,
    });
    const rebinding = await sendWebhook(
      { url: `https://hooks.ridgeline.example:${receiver.server.port}/hooks`, id: 'msg_test1', body, secrets: [current] },
      { allowedHosts: [], resolveHost: async () => ['127.0.0.1'] },
    );
    expect(rebinding).toMatchObject({
      answered: false,
      code: 'ADDRESS_REFUSED',
      reason: 'The host resolves to a private, loopback or otherwise internal address, and webhooks are only sent to public ones.',
    });
    expect(receiver.server.connections()).toBe(before);
  });
});

describe('sendWebhook over TLS', () => {
  it('delivers to an https receiver by name, verified by the package', async () => {
    const secret = newWebhookSecret();
    const receiver = await startWebhookReceiver({ tls: true, secrets: { '/hooks': [secret] } });
    try {
      const url = `https://${FIXTURE_TLS.hostname}:${receiver.server.port}/hooks`;
      const result = await sendWebhook(
        { url, id: 'msg_tls', body, secrets: [secret] },
        { allowedHosts: [`${FIXTURE_TLS.hostname}:${receiver.server.port}`], resolveHost: async () => ['127.0.0.1'], trustedCertificates: [FIXTURE_TLS.cert] },
      );
      expect(result).toMatchObject({ answered: true, status: 204 });
      expect(receiver.deliveries.map((delivery) => delivery.id)).toEqual(['msg_tls']);
    } finally {
      await receiver.close();
    }
  });
});

describe('checkWebhookUrl, when an admin adds an endpoint', () => {
  const publicDns = async () => ['93.184.215.14'];
  it.each([
    ['https://hooks.ridgeline.example/throughline', { ok: true, url: 'https://hooks.ridgeline.example/throughline' }],
    ['  https://HOOKS.ridgeline.example:8443/x?y=1  ', { ok: true, url: 'https://hooks.ridgeline.example:8443/x?y=1' }],
    [
      'http://hooks.ridgeline.example/x',
      { ok: false, reason: 'Webhooks are sent to https:// addresses only (plain http only to a host:port named in WEBHOOK_ALLOWED_HOSTS).' },
    ],
    ['ftp://hooks.ridgeline.example/x', { ok: false, reason: 'Webhooks are sent to https:// addresses only.' }],
    ['https://user:pw@hooks.ridgeline.example/', { ok: false, reason: 'The address must not contain a user name or password.' }],
    ['hooks.ridgeline.example', { ok: false, reason: 'This is not a complete web address; it should look like https://hooks.example.com/throughline.' }],
    [`https://ridgeline.example/${'a'.repeat(2000)}`, { ok: false, reason: 'The address is longer than 2000 characters.' }],
  ])('%s', async (input, verdict) => {
    expect(await checkWebhookUrl(input, { allowedHosts: [], resolveHost: publicDns })).toEqual(verdict);
  });

  it.each([['https://127.0.0.1/hooks'], ['https://[::1]/hooks'], ['https://169.254.169.254/latest'], ['https://localhost:8443/'], ['https://10.1.2.3/']])(
    'refuses %s',
    async (input) => {
      expect(await checkWebhookUrl(input, { allowedHosts: [], resolveHost: publicDns })).toEqual({
        ok: false,
        reason: 'The host resolves to a private, loopback or otherwise internal address, and webhooks are only sent to public ones.',
      });
    },
  );

  it('refuses a name that resolves to a private address, and one that does not resolve', async () => {
    expect(await checkWebhookUrl('https://intranet.ridgeline.example/', { allowedHosts: [], resolveHost: async () => ['192.168.1.20'] })).toMatchObject({
      ok: false,
    });
    const notFound = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookUrl('https://nowhere.ridgeline.example/', { allowedHosts: [], resolveHost: notFound })).toEqual({
      ok: false,
      reason: 'The host name did not resolve.',
    });
  });

  it('accepts plain http and loopback for an allow-listed host:port only', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:9911/hooks', { allowedHosts: ['127.0.0.1:9911'] })).toEqual({
      ok: true,
      url: 'http://127.0.0.1:9911/hooks',
    });
    expect(await checkWebhookUrl('http://127.0.0.1:9912/hooks', { allowedHosts: ['127.0.0.1:9911'] })).toMatchObject({ ok: false });
  });
});

describe('retryAfterTime', () => {
  const now = new Date('2026-11-27T10:00:00Z'); // a Friday
  it.each([
    ['120', '2026-11-27T10:02:00.000Z'],
    [' 0 ', '2026-11-27T10:00:00.000Z'],
    ['Fri, 27 Nov 2026 11:30:00 GMT', '2026-11-27T11:30:00.000Z'],
    ['Thu, 26 Nov 2026 11:30:00 GMT', '2026-11-27T10:00:00.000Z'],
  ])('%s → %s', (header, expected) => {
    expect(retryAfterTime(header, now)?.toISOString()).toBe(expected);
  });
  it.each([[undefined], [''], ['soon'], ['-5']])('%s → none', (header) => {
    expect(retryAfterTime(header, now)).toBeNull();
  });
});
