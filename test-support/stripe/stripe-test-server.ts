import { openTestSql, type TestSql } from '../test-sql';
import { startTestServer, type TestServer } from '../test-server.mjs';
import { checkoutSessionEvent, signedDelivery, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from './stripe-events';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

/**
 * A production test server with PAYMENT_PROVIDER=stripe, talking to a Stripe stand-in (and `env` on top), with a line
 * to its database; and the two steps of a Stripe payment a test drives: open a checkout, deliver Stripe's signed event.
 */
export interface StripeTestServer {
  server: TestServer;
  standIn: StripeStandIn;
  database: TestSql;
  /** POST /v1/services/{serviceId}/checkout with the current purchaseDigest; the checkout's token and Stripe session. */
  openCheckout(serviceId?: string): Promise<{ token: string; sessionId: string }>;
  /** A `checkout.session.completed` event for `sessionId`, signed as Stripe signs it, POSTed to /webhooks/stripe. */
  deliverPaid(sessionId: string, buyer?: { email: string; name: string }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startStripeTestServer(env: Record<string, string> = {}): Promise<StripeTestServer> {
  const standIn = await startStripeStandIn();
  const server = await startTestServer({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.apiBase,
      JOB_POLL_MS: '100',
      ...env,
    },
  });
  const database = openTestSql(server.databaseUrl);
  return {
    server,
    standIn,
    database,
    async openCheckout(serviceId = 'constraint-snapshot') {
      const { purchaseDigest } = (await (await fetch(`${server.baseUrl}/v1/services/${serviceId}`)).json()) as { purchaseDigest: string };
      const response = await fetch(`${server.baseUrl}/v1/services/${serviceId}/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ purchaseDigest, buyerInputs: {} }),
      });
      if (response.status !== 200) throw new Error(`checkout of ${serviceId} answered ${response.status}: ${await response.text()}`);
      const { token } = (await response.json()) as { token: string };
      const row = await database.get<{ providerSessionId: string }>('SELECT "providerSessionId" FROM "Checkout" WHERE "token" = ?', token);
      return { token, sessionId: row!.providerSessionId };
    },
    deliverPaid(sessionId, buyer) {
      const { body, headers } = signedDelivery(
        checkoutSessionEvent('checkout.session.completed', { id: sessionId, ...(buyer ? { customer_details: buyer } : {}) }),
      );
      return fetch(`${server.baseUrl}/webhooks/stripe`, { method: 'POST', headers, body });
    },
    async stop() {
      await database.close();
      await server.stop();
      await standIn.close();
    },
  };
}
