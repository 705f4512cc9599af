import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { startStripeTestServer, type StripeTestServer } from '@/test-support/stripe/stripe-test-server';

/**
 * A burst of Stripe webhooks, as a sale or a redelivery after an outage sends them: 60 paid sessions at once. Each is
 * recorded by the web server and processed by the job runner beside it, on one SQLite file, while the runner also
 * claims, renews leases and sends the receipts the payments cause. Every job must succeed at its first attempt: a busy
 * database is something to wait for, not a failure to retry.
 */
const BURST = 60;

let stripe: StripeTestServer;

beforeAll(async () => {
  stripe = await startStripeTestServer({ JOB_CONCURRENCY: '8' });
}, 120_000);

afterAll(() => stripe?.stop());

describe(`a burst of ${BURST} Stripe webhooks`, () => {
  it('records every event and processes each with no failed attempt', async () => {
    const { database } = stripe;
    const sessions: string[] = [];
    for (let i = 0; i < BURST; i += 1) sessions.push((await stripe.openCheckout()).sessionId);

    const deliveries = sessions.map((id) =>
      stripe.deliverPaid(id, { email: `buyer${id.slice(-6)}@example.com`, name: 'A Buyer' }).then((response) => response.status),
    );
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
    // The receipts the payments caused ran on the same busy database (the website audits they queued fail on purpose:
    // their pages do not exist; recurring jobs wait for their next period).
    await eventually(
      () => database.all<{ type: string }>(`SELECT type FROM "Job" WHERE status <> 'succeeded' AND (type = 'mail.send' OR type LIKE 'payments.%')`),
      (rows) => rows.length === 0,
      'the receipts sent',
      60_000,
    );
    // And no job at all failed on the busy database.
    const failures = await database.all<{ type: string; lastError: string }>(`SELECT type, "lastError" FROM "Job" WHERE "lastError" IS NOT NULL`);
    expect(failures.filter((row) => /timed out|busy|locked/i.test(row.lastError))).toEqual([]);
  }, 180_000);
});
