export { createThroughlineClient } from './client';
export type { ThroughlineClient, ThroughlineClientOptions } from './client';
export { startCheckout } from './checkout';
export type { CheckoutOptions, CheckoutOutcome, CheckoutRequest, CheckoutSession, ServiceDetail } from './checkout';
export { ThroughlineApiError } from './api-error';
export { IDEMPOTENCY_HEADER } from './idempotency';
export type { components, operations, paths, webhooks } from './openapi-types';
export { verifyWebhook, WebhookVerificationError } from './webhooks';
export type { WebhookEvent, WebhookEventOf, WebhookEventType } from './webhooks';
