import { defineRoute } from '@/lib/http/define-route';
import { handleStripeWebhook } from '@/lib/http/stripe-webhook';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ POST: handleStripeWebhook });
