import { config } from '@/lib/config';
import { recordPaymentEvent } from '@/lib/domain/payments/payment-events';
import { interpretStripeEvent } from '@/lib/payments/stripe-events';
import { verifyStripeEvent, WebhookSignatureError } from '@/lib/payments/stripe-webhooks';
import { componentLogger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';
import { ApiError } from './api-error';
import { errorToResponse } from './error-mapping';
import { readBodyBytes } from './json-body';
import { jsonResponse } from './json-response';

/** Checkout events are a few kilobytes; this leaves room without letting anyone stream an endless body at us. */
const WEBHOOK_MAX_BYTES = 1024 * 1024;

/** The metrics' event type label: Stripe's Checkout Session events by name (a few), anything else as one label. */
const typeLabel = (type: string | undefined) => (type === undefined ? 'unknown' : /^checkout\.session\.[a-z_]+$/.test(type) ? type : 'other');

function counted(type: string | undefined, outcome: string, eventId?: string) {
  metrics().webhookEvents.inc({ provider: 'stripe', type: typeLabel(type), outcome });
  componentLogger('webhooks').info({ provider: 'stripe', eventId, eventType: typeLabel(type), outcome }, `stripe webhook ${eventId ?? ''} ${outcome}`);
}

/**
 * POST /webhooks/stripe: verifies the signature over the raw bytes, records the event and enqueues its processing,
 * and answers 200 at once: Stripe retries anything else, and the work itself runs as a job.
 */
export async function handleStripeWebhook(request: Request): Promise<Response> {
  try {
    const secret = config().STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new ApiError(404, 'NOT_FOUND', 'Stripe webhooks are not enabled on this server (STRIPE_WEBHOOK_SECRET is not set).');
    const raw = await readBodyBytes(request, WEBHOOK_MAX_BYTES);
    let event;
    try {
      event = await verifyStripeEvent(raw, request.headers.get('stripe-signature'), secret);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        counted(undefined, 'invalid-signature');
        throw new ApiError(400, 'INVALID_SIGNATURE', error.message);
      }
      throw error;
    }
    const notice = interpretStripeEvent(event);
    if (!notice) {
      counted(event.type, 'ignored', event.id);
      return jsonResponse({ received: true, ignored: true }, 200, { 'cache-control': 'no-store' });
    }
    const result = await recordPaymentEvent({ provider: 'stripe', eventId: event.id, type: event.type, sessionId: notice.sessionId, payload: event });
    counted(event.type, result, event.id);
    return jsonResponse({ received: true, duplicate: result === 'duplicate' }, 200, { 'cache-control': 'no-store' });
  } catch (error) {
    return errorToResponse(error, 'stripe webhook');
  }
}
