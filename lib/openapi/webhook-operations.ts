import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import type { WebhookEventType } from '@/lib/contract/webhook-events';
import { WEBHOOK_EVENT_TYPES, webhookEnvelope, webhookEvents, WebhookHeaders } from '@/lib/contract/webhook-events';

export const WEBHOOKS_TAG = {
  name: 'Webhooks',
  description:
    'Signed events sent to the endpoints admins register at /staff/webhooks, in the Standard Webhooks format: a JSON envelope ' +
    '`{type, id, timestamp, data}` with the headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the ' +
    'endpoint secret `whsec_…`). Verify with the `standardwebhooks` npm package or the typed client’s `verifyWebhook`.',
};

/** `booking.rescheduled` → `bookingRescheduled`: each event's operationId. */
const operationIdOf = (type: WebhookEventType) => type.replace(/\.(\w)/g, (_match, letter: string) => letter.toUpperCase());

const plain = (description: string) => ({ description });

/** The answers a receiver may give, and what each makes the sender do. */
const RESPONSES = {
  '200': plain('Received. Any 2xx answer within 15 seconds acknowledges the delivery; the first 4 KB of the body are kept in the delivery log.'),
  '410': plain('Gone: the endpoint is disabled at once and receives nothing more until an admin enables it again.'),
  '429': plain('Too many requests: tried again on the retry schedule, and not before `Retry-After` (seconds or an HTTP date) if the answer has one.'),
  '503': plain('Unavailable: as 429, tried again no sooner than `Retry-After`.'),
  default: plain(
    'Any other answer, a redirect (never followed), or no answer within 15 seconds is a failure: tried again after 5 s, 5 min, 30 min, 2 h, ' +
      '5 h, 10 h and 10 h. An endpoint that fails for 5 days is disabled and the admins are emailed.',
  ),
};

/** The OpenAPI 3.1 `webhooks` section: one POST per event type, built from the contract's event table. */
export function webhookOperations(): ZodOpenApiPathsObject {
  const webhooks: ZodOpenApiPathsObject = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const event = webhookEvents[type];
    webhooks[type] = {
      post: {
        operationId: operationIdOf(type),
        summary: event.summary,
        description: event.description,
        tags: [WEBHOOKS_TAG.name],
        requestParams: { header: WebhookHeaders },
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: webhookEnvelope(type),
              example: { type, id: 'msg_2Kq8wq3mZbW7pN1fXcA9vT', timestamp: '2026-11-25T14:00:00.000Z', data: WEBHOOK_EXAMPLES[type] },
            },
          },
        },
        responses: RESPONSES,
      },
    };
  }
  return webhooks;
}
