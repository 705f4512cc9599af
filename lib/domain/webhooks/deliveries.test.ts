import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { manualClock } from '@/test-support/manual-clock';
import type { ManualClock } from '@/test-support/manual-clock';
import { deliveryTestBed } from '@/test-support/webhooks/delivery-test-bed';
import type { ReceiverAnswer, WebhookReceiver } from '@/test-support/webhooks/webhook-receiver';
import { drain, publicShapeOf, receiverEndpoint, webhookRunner } from '@/test-support/webhooks/webhook-test-kit';
import { submitInquiry } from '../inquiries/inquiries';
import type { StaffActor } from '../staff/roles';
import { RetryJobLater } from '../../jobs/job-errors';
import { deliverWebhook, MAX_RETRY_AFTER_MS } from './deliver-webhook';
import { createEndpoint, rotateSecret } from './endpoints';

/** An inquiry: its `inquiry.created` event is what these tests deliver (its emails' jobs are not their concern). */
async function inquiry(clock: ManualClock, companyName = 'Allegheny Castings'): Promise<string> {
  const response = await submitInquiry(
    {
      companyName,
      contactName: 'Rosa Diaz',
      email: 'rosa@allegheny.example',
      problemDescription: 'Heat treat runs overtime while assembly waits.',
      urgency: 'high',
    },
    clock.now(),
  );
  await db.job.deleteMany({ where: { type: 'mail.send' } });
  return response.id;
}

const deliveryRows = () => db.webhookDelivery.findMany({ orderBy: { sequence: 'asc' }, include: { attemptLog: { orderBy: { number: 'asc' } } } });

let admin: StaffActor;
let receiver: WebhookReceiver;
let clock: ManualClock;

deliveryTestBed(
  () => clock.now(),
  (readyAdmin, readyReceiver) => ([admin, receiver] = [readyAdmin, readyReceiver]),
);

const options = () => ({ allowedHosts: [receiver.server.hostPort] });

// One start per day of the week: the schedule counts elapsed time and must not care which day it is.
const STARTS = [
  '2026-03-02T10:00:00Z', // Monday
  '2026-03-03T23:30:00Z', // Tuesday, late
  '2026-03-04T05:00:00Z', // Wednesday
  '2026-03-05T16:45:00Z', // Thursday
  '2026-03-06T12:00:00Z', // Friday
  '2026-03-07T09:15:00Z', // Saturday
  '2026-03-08T02:00:00Z', // Sunday, around the US clock change
];

describe('delivering an event', () => {
  it.each(STARTS)('a receiver that answers 500 twice, then 200, gets the same event id three times, on the schedule (from %s)', async (start) => {
    clock = manualClock(start);
    receiver.answerWith((_delivery, count): ReceiverAnswer => (count <= 2 ? { status: 500, body: `overloaded ${count}` } : { status: 200, body: 'ok' }));
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    const inquiryId = await inquiry(clock);
    const runner = webhookRunner(clock, options(), { concurrency: 1 });
    const t0 = clock.now().getTime();

    expect(await runner.tick()).toBe(1);
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: new Date(t0 + 5_000) });
    clock.advance(4_999);
    expect(await runner.tick()).toBe(0);
    clock.advance(1);
    expect(await runner.tick()).toBe(1);
    expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: 'retrying', attempts: 2, nextAttemptAt: new Date(t0 + 5_000 + 300_000) });
    clock.advance(299_999);
    expect(await runner.tick()).toBe(0);
    clock.advance(1);
    expect(await runner.tick()).toBe(1);

    const [delivery] = await deliveryRows();
    expect(delivery).toMatchObject({ endpointId: endpoint.id, status: 'succeeded', attempts: 3, nextAttemptAt: null, finishedAt: new Date(t0 + 305_000) });
    expect(delivery!.attemptLog.map((attempt) => [attempt.number, attempt.responseStatus, attempt.outcome, attempt.responseBody, attempt.error])).toEqual([
      [1, 500, 'failed', 'overloaded 1', 'HTTP 500.'],
      [2, 500, 'failed', 'overloaded 2', 'HTTP 500.'],
      [3, 200, 'succeeded', 'ok', null],
    ]);
    expect(delivery!.attemptLog.map((attempt) => attempt.startedAt.getTime() - t0)).toEqual([0, 5_000, 305_000]);
    const event = await db.webhookEvent.findFirstOrThrow();
    expect(receiver.deliveries.map((received) => received.id)).toEqual([event.id, event.id, event.id]);
    // The same bytes every time; only the signing time moves.
    expect(new Set(receiver.deliveries.map((received) => received.body)).size).toBe(1);
    expect(receiver.deliveries.map((received) => Number(received.headers['webhook-timestamp']) * 1000 - t0)).toEqual([0, 5_000, 305_000]);
    expect(receiver.deliveries[0]!.event).toMatchObject({
      type: 'inquiry.created',
      id: event.id,
      timestamp: new Date(t0).toISOString(),
      data: { id: inquiryId },
    });
    expect(publicShapeOf(receiver.deliveries[0]!)).toEqual(receiver.deliveries[0]!.event.data);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ status: 'active', failingSince: null });
  });

  it('keeps to the schedule after an attempt a killed runner never finished (it counts against the eight, not the waits)', async () => {
    clock = manualClock('2026-03-09T08:00:00Z');
    receiver.answerWith(() => ({ status: 500 }));
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry(clock);
    const [delivery] = await deliveryRows();
    const retry = await deliverWebhook(delivery!.id, { attempts: 2, maxAttempts: 8 }, clock.now, options()).catch((error: unknown) => error);
    expect(retry).toBeInstanceOf(RetryJobLater);
    expect(retry).toMatchObject({ retryAt: new Date(clock.now().getTime() + 5_000), countsAsAttempt: true });
    expect((await deliveryRows())[0]).toMatchObject({ status: 'retrying', attempts: 1 });
  });

  it('tries eight times in all, then gives up on the delivery and keeps the endpoint', async () => {
    clock = manualClock('2026-03-09T08:00:00Z');
    receiver.answerWith(() => ({ status: 502 }));
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry(clock);
    const runner = webhookRunner(clock, options(), { concurrency: 1 });
    const waits = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    expect(await runner.tick()).toBe(1);
    for (const wait of waits) {
      clock.advance(wait);
      expect(await runner.tick()).toBe(1);
    }
    clock.advance(36_000_000);
    expect(await runner.tick()).toBe(0);
    const [delivery] = await deliveryRows();
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });
    expect(receiver.deliveries).toHaveLength(8);
    expect(await db.job.findUniqueOrThrow({ where: { id: delivery!.jobId } })).toMatchObject({ status: 'succeeded', attempts: 8 });
    // 27.6 hours of failures is not 5 days: the endpoint stays.
    expect((await db.webhookEndpoint.findFirstOrThrow()).status).toBe('active');
  });

  it('disables the endpoint at once when the receiver answers 410, cancels what was on its way, and emails the admins', async () => {
    clock = manualClock('2026-03-10T14:00:00Z');
    receiver.answerWith(() => ({ status: 410, body: 'gone' }));
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry(clock, 'First Forge');
    await inquiry(clock, 'Second Forge');
    await drain(webhookRunner(clock, options(), { concurrency: 1 }), clock);
    expect(receiver.deliveries.map((received) => received.event.data.companyName)).toEqual(['First Forge']);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      status: 'disabled',
      disabledReason: 'It answered 410 Gone on 2026-03-10T14:00:00.000Z: the receiver asked not to be sent anything more.',
      missedFrom: clock.now(),
    });
    expect((await deliveryRows()).map((delivery) => delivery.status)).toEqual(['failed', 'cancelled']);
    const notices = await db.outboxMessage.findMany({ where: { kind: 'webhook-endpoint-disabled', aboutId: endpoint.id } });
    expect(notices.map((notice) => notice.recipients)).toContainEqual([admin.email]);
    expect(notices[0]!.subject).toBe(`[WEBHOOKS] Endpoint disabled: receiver /hooks`);
  });

  it('counts a redirect as a failure and never follows it', async () => {
    clock = manualClock('2026-03-11T09:00:00Z');
    receiver.answerWith((delivery) => (delivery.path === '/hooks' ? { status: 307, headers: { location: receiver.url('/elsewhere') } } : { status: 200 }));
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    receiver.setSecrets('/elsewhere', (await db.webhookEndpoint.findFirstOrThrow()).secret.split(' '));
    await inquiry(clock);
    await webhookRunner(clock, options(), { concurrency: 1 }).tick();
    const [delivery] = await deliveryRows();
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(delivery!.attemptLog[0]).toMatchObject({ responseStatus: 307, outcome: 'failed', error: 'HTTP 307: a redirect, which webhooks never follow.' });
    expect(receiver.deliveries.map((received) => received.path)).toEqual(['/hooks']);
  });

  it('gives up on a receiver that never answers at the deadline, and tries again later', async () => {
    clock = manualClock('2026-03-12T11:00:00Z');
    receiver.answerWith(() => ({ status: 0, hang: true }));
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry(clock);
    const started = Date.now();
    await webhookRunner(clock, { ...options(), timeoutMs: 300 }, { concurrency: 1 }).tick();
    expect(Date.now() - started).toBeLessThan(5_000);
    const [delivery] = await deliveryRows();
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + 5_000) });
    expect(delivery!.attemptLog[0]).toMatchObject({
      responseStatus: null,
      responseBody: null,
      outcome: 'failed',
      error: 'The receiver did not answer within 300 ms.',
    });
  });

  it('honours Retry-After of a 429: the retry and the endpoint’s other deliveries wait for it', async () => {
    clock = manualClock('2026-03-13T15:00:00Z');
    receiver.answerWith(() => (receiver.deliveries.length === 0 ? { status: 429, headers: { 'retry-after': '3600' } } : { status: 204 }));
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry(clock, 'First Forge');
    const runner = webhookRunner(clock, options(), { concurrency: 1 });
    await runner.tick();
    const t0 = clock.now().getTime();
    expect((await deliveryRows())[0]).toMatchObject({ status: 'retrying', nextAttemptAt: new Date(t0 + 3_600_000) });
    expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({ backoffUntil: new Date(t0 + 3_600_000) });

    clock.advance(60_000);
    await inquiry(clock, 'Second Forge');
    await runner.tick();
    // Held back, not counted as an attempt.
    expect((await deliveryRows())[1]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(receiver.deliveries).toHaveLength(1);
    const held = await db.job.findUniqueOrThrow({ where: { id: (await deliveryRows())[1]!.jobId } });
    expect(held).toMatchObject({ status: 'queued', attempts: 0, runAt: new Date(t0 + 3_600_000) });

    clock.set(new Date(t0 + 3_600_000));
    await drain(runner, clock);
    // Both come due at the same moment: the retry and the held-back first attempt, in either order.
    expect(receiver.deliveries.map((received) => received.event.data.companyName).sort()).toEqual(['First Forge', 'First Forge', 'Second Forge']);
    expect((await deliveryRows()).map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('delivers many events to an endpoint once each, in the order they were recorded, with four at a time running', async () => {
    clock = manualClock('2026-03-14T10:00:00Z');
    const other = '/other';
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    await receiverEndpoint(admin, receiver, { path: other, now: clock.now() });
    const companies = Array.from({ length: 12 }, (_, index) => `Forge ${index + 1}`);
    for (const company of companies) await inquiry(clock, company);
    await drain(webhookRunner(clock, options(), { concurrency: 4 }), clock);
    for (const path of ['/hooks', other]) {
      const received = receiver.deliveries.filter((delivery) => delivery.path === path);
      expect(received.map((delivery) => delivery.event.data.companyName)).toEqual(companies);
      expect(new Set(received.map((delivery) => delivery.id)).size).toBe(companies.length);
    }
    const events = await db.webhookEvent.findMany({ orderBy: { sequence: 'asc' } });
    expect(receiver.deliveries.filter((delivery) => delivery.path === '/hooks').map((delivery) => delivery.id)).toEqual(events.map((event) => event.id));
    // No delivery spent an attempt waiting for its turn.
    expect((await deliveryRows()).every((delivery) => delivery.attempts === 1 && delivery.status === 'succeeded')).toBe(true);
  });
});

describe('Retry-After of a 429 or 503, in seconds or as an HTTP date', () => {
  /** One attempt of the inquiry's delivery through deliverWebhook, answered `status` with `retryAfter`: what it asks of the runner. */
  async function attemptAnswered(status: number, retryAfter: string): Promise<RetryJobLater> {
    receiver.answerWith(() => ({ status, headers: { 'retry-after': retryAfter } }));
    await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry(clock);
    const [delivery] = await deliveryRows();
    const retry = await deliverWebhook(delivery!.id, { attempts: 1, maxAttempts: 8 }, clock.now, options()).catch((error: unknown) => error);
    expect(retry).toBeInstanceOf(RetryJobLater);
    return retry as RetryJobLater;
  }

  const HOUR = 3_600_000;
  // Each form asks for 90 minutes from an attempt at 15:00:00 (a whole second: an HTTP date has no milliseconds).
  const FORMS = [
    { form: 'seconds', header: '5400' },
    { form: 'HTTP date', header: 'Fri, 13 Mar 2026 16:30:00 GMT' },
  ];
  it.each([429, 503].flatMap((status) => FORMS.map(({ form, header }) => ({ status, form, header }))))(
    '$status with Retry-After in $form: the retry and the endpoint’s backoff are both at the time asked for',
    async ({ status, header }) => {
      clock = manualClock('2026-03-13T15:00:00Z'); // a Friday
      const asked = new Date('2026-03-13T16:30:00Z');
      const retry = await attemptAnswered(status, header);
      expect(retry).toMatchObject({ retryAt: asked, countsAsAttempt: true });
      const [delivery] = await deliveryRows();
      expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: asked, finishedAt: null });
      expect(delivery!.attemptLog.map((attempt) => [attempt.responseStatus, attempt.outcome, attempt.error])).toEqual([[status, 'failed', `HTTP ${status}.`]]);
      expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({ status: 'active', backoffUntil: asked, failingSince: clock.now() });
    },
  );

  it.each([
    { form: 'seconds', header: String(11 * 3600) },
    { form: 'HTTP date', header: 'Mon, 16 Mar 2026 04:00:00 GMT' },
  ])('a Retry-After in $form beyond 10 hours is capped at MAX_RETRY_AFTER_MS', async ({ header }) => {
    clock = manualClock('2026-03-15T17:00:00Z'); // a Sunday
    expect(MAX_RETRY_AFTER_MS).toBe(10 * HOUR);
    const capped = new Date('2026-03-16T03:00:00Z');
    const retry = await attemptAnswered(503, header);
    expect(retry.retryAt).toEqual(capped);
    expect((await deliveryRows())[0]).toMatchObject({ status: 'retrying', nextAttemptAt: capped });
    expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({ backoffUntil: capped });
  });

  it('a Retry-After shorter than the schedule holds back the endpoint that long, and the retry keeps to the schedule', async () => {
    clock = manualClock('2026-03-18T09:00:00Z'); // a Wednesday
    const retry = await attemptAnswered(429, '2');
    expect(retry.retryAt).toEqual(new Date('2026-03-18T09:00:05Z'));
    expect((await deliveryRows())[0]).toMatchObject({ nextAttemptAt: new Date('2026-03-18T09:00:05Z') });
    expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({ backoffUntil: new Date('2026-03-18T09:00:02Z') });
  });

  it('a Retry-After on another status (500) is not a backoff: the schedule alone decides', async () => {
    clock = manualClock('2026-03-19T09:00:00Z'); // a Thursday
    const retry = await attemptAnswered(500, '3600');
    expect(retry.retryAt).toEqual(new Date('2026-03-19T09:00:05Z'));
    expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({ backoffUntil: null });
  });
});

describe('addresses checked at creation and again at delivery', () => {
  it('refuses a private or loopback address when the endpoint is added', async () => {
    for (const url of ['https://127.0.0.1:8443/hooks', 'https://10.0.0.8/hooks', 'https://[::1]/hooks', 'http://localhost/hooks']) {
      expect(await createEndpoint(admin, { url, description: 'inside', eventTypes: ['inquiry.created'] }, { allowedHosts: [] })).toEqual({
        ok: false,
        errors: {
          url: url.startsWith('http:')
            ? 'Webhooks are sent to https:// addresses only (plain http only to a host:port named in WEBHOOK_ALLOWED_HOSTS).'
            : 'The host resolves to a private, loopback or otherwise internal address, and webhooks are only sent to public ones.',
        },
      });
    }
    expect(await db.webhookEndpoint.count()).toBe(0);
  });

  it('refuses at delivery a name whose DNS answer turned private after the endpoint was added, connecting to nothing', async () => {
    clock = manualClock('2026-03-15T10:00:00Z');
    const created = await createEndpoint(
      admin,
      { url: 'https://hooks.ridgeline.example/throughline', description: 'CRM', eventTypes: ['inquiry.created'] },
      { allowedHosts: [], resolveHost: async () => ['93.184.215.14'] },
      clock.now(),
    );
    expect(created).toMatchObject({ ok: true });
    await inquiry(clock);
    const connections = receiver.server.connections();
    await webhookRunner(clock, { allowedHosts: [], resolveHost: async () => ['10.20.30.40'] }, { concurrency: 1 }).tick();
    const [delivery] = await deliveryRows();
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(delivery!.attemptLog[0]).toMatchObject({
      responseStatus: null,
      outcome: 'failed',
      error: 'The host resolves to a private, loopback or otherwise internal address, and webhooks are only sent to public ones.',
    });
    expect(receiver.server.connections()).toBe(connections);
  });
});

describe('rotating the signing secret', () => {
  it('signs with both secrets during the overlap, each verifying on its own, then with the new one alone', async () => {
    clock = manualClock('2026-03-16T10:00:00Z');
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    const fresh = await rotateSecret(admin, endpoint.id, 24, clock.now());
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(endpoint.secret);
    // A receiver that still knows only the old secret, and one that already switched.
    receiver.setSecrets('/hooks', [endpoint.secret, fresh]);
    const runner = webhookRunner(clock, options(), { concurrency: 1 });
    await inquiry(clock);
    await drain(runner, clock);
    const during = receiver.deliveries.at(-1)!;
    expect(during.signatures).toHaveLength(2);
    expect(during.verifiedWith.sort()).toEqual([endpoint.secret, fresh].sort());

    clock.advance(24 * 3_600_000 - 1);
    await inquiry(clock);
    await drain(runner, clock);
    expect(receiver.deliveries.at(-1)!.signatures).toHaveLength(2);

    clock.advance(1);
    await inquiry(clock);
    await drain(runner, clock);
    const after = receiver.deliveries.at(-1)!;
    expect(after.signatures).toHaveLength(1);
    expect(after.verifiedWith).toEqual([fresh]);
  });
});
