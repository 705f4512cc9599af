import type Stripe from 'stripe';
import { withSpan } from '@/lib/observability/trace-context.mjs';
import type { PaymentProvider, PaymentSession, PaymentSessionRequest } from './payment-provider';
import { PaymentProviderError } from './payment-provider';
import { stripeSdk } from './stripe-sdk';

async function providerError(action: string, error: unknown): Promise<PaymentProviderError> {
  const { errors } = await stripeSdk();
  const detail =
    error instanceof errors.StripeError ? `${error.rawType ?? error.type}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}` : String(error);
  return new PaymentProviderError(`Stripe could not ${action} (${detail})`, { cause: error });
}

/** A client span around one call of Stripe's API. */
const stripeCall = <T>(operation: string, call: () => Promise<T>) =>
  withSpan(`stripe ${operation}`, { attributes: { 'rpc.system': 'stripe', 'rpc.method': operation } }, call);

/** Stripe Checkout behind the payment port, through the official SDK, whose client `client` gives on first use. */
export function stripeProvider(client: () => Promise<Stripe>): PaymentProvider {
  return {
    name: 'stripe',
    async createSession(request: PaymentSessionRequest): Promise<PaymentSession> {
      const stripe = await client();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripeCall('checkout.sessions.create', () =>
          stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: request.currency.toLowerCase(),
                    unit_amount: request.amountMinor,
                    product_data: { name: request.description },
                  },
                },
              ],
              success_url: request.successUrl,
              cancel_url: request.cancelUrl,
              // Stripe takes whole seconds; the checkout's expiry is stored on a whole second for the same reason.
              expires_at: Math.floor(request.expiresAt.getTime() / 1000),
              client_reference_id: request.reference,
              metadata: request.metadata,
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        );
      } catch (error) {
        throw await providerError('create a payment page', error);
      }
      if (!session.url) throw new PaymentProviderError(`Stripe returned session ${session.id} without a payment page URL`);
      return { provider: 'stripe', sessionId: session.id, url: session.url };
    },

    async expireSession(sessionId: string): Promise<void> {
      const stripe = await client();
      try {
        await stripeCall('checkout.sessions.expire', () => stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or already expired): nothing to do.
        if (error instanceof (await stripeSdk()).errors.StripeInvalidRequestError) {
          const session = await stripeCall('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(sessionId)).catch(
            async (retrieveError: unknown) => {
              throw await providerError('read a payment session', retrieveError);
            },
          );
          if (session.status !== 'open') return;
        }
        throw await providerError('expire a payment session', error);
      }
    },
  };
}
