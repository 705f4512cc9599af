import { describe, expect, it } from 'vitest';
import { signatureHeader } from '@/lib/webhook-sender/sign-delivery';
import { newWebhookSecret } from '@/lib/webhook-sender/webhook-secret';
import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import type { WebhookEvent, WebhookEventOf } from './webhooks';
import { verifyWebhook, WebhookVerificationError } from './webhooks';

const secret = newWebhookSecret();
const body = JSON.stringify({
  type: 'booking.confirmed',
  id: 'msg_client1',
  timestamp: '2026-11-25T14:00:00.000Z',
  data: WEBHOOK_EXAMPLES['booking.confirmed'],
});

function signed(at = new Date(), secrets = [secret], id = 'msg_client1') {
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signatureHeader(secrets, id, at, body) };
}

describe('verifyWebhook', () => {
  it('returns the typed event of a genuine delivery, from plain headers, Headers or bytes', () => {
    const event: WebhookEvent = verifyWebhook(secret, signed(), body);
    expect(event.type).toBe('booking.confirmed');
    if (event.type === 'booking.confirmed') {
      const confirmed: WebhookEventOf<'booking.confirmed'> = event;
      expect(confirmed.data.consultantName).toBe('Dana Whitfield');
    }
    expect(verifyWebhook(secret, new Headers(signed()), new TextEncoder().encode(body))).toEqual(JSON.parse(body));
    const shouted = Object.fromEntries(Object.entries(signed()).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(secret, shouted, body).id).toBe('msg_client1');
  });

  it('accepts a delivery signed during a rotation with the one secret it knows', () => {
    expect(verifyWebhook(secret, signed(new Date(), [newWebhookSecret(), secret]), body).id).toBe('msg_client1');
  });

  it.each([
    ['another secret', () => verifyWebhook(newWebhookSecret(), signed(), body), 'No matching signature found'],
    ['a changed body', () => verifyWebhook(secret, signed(), body.replace('Sam Okoye', 'Mallory')), 'No matching signature found'],
    ['another id', () => verifyWebhook(secret, { ...signed(), 'webhook-id': 'msg_other' }, body), 'No matching signature found'],
    ['a replay ten minutes later', () => verifyWebhook(secret, signed(new Date(Date.now() - 10 * 60_000)), body), 'Message timestamp too old'],
    ['no signature', () => verifyWebhook(secret, { 'webhook-id': 'msg_client1', 'webhook-timestamp': '1' }, body), 'Missing required headers'],
  ])('refuses %s', (_case, verify, message) => {
    expect(verify).toThrow(WebhookVerificationError);
    expect(verify).toThrow(message);
  });
});
