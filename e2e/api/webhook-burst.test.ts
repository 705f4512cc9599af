import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { checkoutSessionEvent, signedDelivery, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from '@/test-support/stripe/stripe-events';
import { startStripeStandIn } from '@/test-support/stripe/stripe-stand-in';
import type { StripeStandIn } from '@/test-support/stripe/stripe-stand-in';
import { openTestSql, type TestSql } from '../../test-support/test-sql';
import { startTestServer } from '../../test-support/test-server.mjs';
import type { TestServer } from '../../test-support/test-server.mjs';

/**
 * A burst of Stripe webhooks, as a sale or a redelivery after an outage sends them: 60 paid sessions at once. Each is
 * recorded by the web server and processed by the job runner beside it, on one SQLite file, while the runner also
 * claims, renews leases and sends the receipts the payments cause. Every job must succeed at its first attempt: a busy
 * database is something to wait for, not a failure to retry.
 */
const BURST = 60;

let standIn: StripeStandIn;
let server: TestServer;
let database: TestSql;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = await startTestServer({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.apiBase,
      JOB_POLL_MS: '100',
      JOB_CONCURRENCY: '8',
    },
  });
  database = openTestSql(server.databaseUrl);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
  await standIn?.close();
});

async function openCheckout(): Promise<string> {
  const detail = (await (await fetch(`${server.baseUrl}/v1/services/constraint-snapshot`)).json()) as { purchaseDigest: string };
  const response = await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ purchaseDigest: detail.purchaseDigest, buyerInputs: {} }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const row = await database.get<{ providerSessionId: string }>('SELECT "providerSessionId" FROM "Checkout" WHERE "token" = ?', token);
  return row!.providerSessionId;
}

describe(`a burst of ${BURST} Stripe webhooks`, () => {
  it('records every event and processes each with no failed attempt', async () => {
    const sessions: string[] = [];
    for (let i = 0; i < BURST; i += 1) sessions.push(await openCheckout());

    const deliveries = sessions.map((id) => {
      const { body, headers } = signedDelivery(
        checkoutSessionEvent('checkout.session.completed', { id, customer_details: { email: `buyer${id.slice(-6)}@example.com`, name: 'A Buyer' } }),
      );
      return fetch(`${server.baseUrl}/webhooks/stripe`, { method: 'POST', headers, body }).then((response) => response.status);
    });
    expect(await Promise.all(deliveries)).toEqual(sessions.map(() => 200));

    const settled = await eventually(
      () =>
        database.all<{ status: string; attempts: number; lastError: string | null }>(
          `SELECT status, attempts, "lastError" FROM "Job" WHERE type = 'payments.process-event'`,
        ),
      (rows) => rows.length === BURST && rows.every((row) => row.status !== 'queued' && row.status !== 'running'),
      'every payment event processed',
      90_000,
    );
    expect(settled.filter((row) => row.status !== 'succeeded' || row.attempts !== 1 || row.lastError !== null)).toEqual([]);
    const completed = await database.get<{ count: number }>(`SELECT COUNT(*) AS count FROM "Checkout" WHERE status = 'complete'`);
    expect(completed!.count).toBe(BURST);
    // The receipts and reports the payments caused ran on the same busy database, and none of their jobs failed either.
    const followUps = await eventually(
      () =>
        database.all<{ type: string; attempts: number; lastError: string | null }>(`SELECT type, attempts, "lastError" FROM "Job" WHERE status <> 'succeeded'`),
      (rows) => rows.every((row) => row.type === 'reports.url-audit' || row.type.startsWith('maintenance') || row.type.startsWith('checkout')),
      'the receipts sent',
      60_000,
    );
    expect(followUps.filter((row) => row.lastError !== null && /timed out|busy|locked/i.test(row.lastError))).toEqual([]);
  }, 180_000);
});
