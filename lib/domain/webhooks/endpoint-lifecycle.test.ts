import { describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import { db } from '@/lib/db/client';
import { manualClock } from '@/test-support/manual-clock';
import type { ManualClock } from '@/test-support/manual-clock';
import { deliveryTestBed } from '@/test-support/webhooks/delivery-test-bed';
import type { WebhookReceiver } from '@/test-support/webhooks/webhook-receiver';
import { drain, receiverEndpoint, webhookRunner } from '@/test-support/webhooks/webhook-test-kit';
import { DomainError } from '../../core/errors';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '../../jobs/job-types';
import { submitInquiry } from '../inquiries/inquiries';
import type { StaffActor } from '../staff/roles';
import { endpointDetail, listEndpoints } from './endpoint-views';
import { createEndpoint, deleteEndpoint, pauseEndpoint, resumeEndpoint, rotateSecret } from './endpoints';
import { resendDelivery, sendTestEvent } from './manual-deliveries';
import { dismissMissedEvents, replayMissedEvents } from './missed-events';

let admin: StaffActor;
let receiver: WebhookReceiver;
let clock: ManualClock;

async function inquiry(companyName: string): Promise<void> {
  await submitInquiry(
    { companyName, contactName: 'Rosa Diaz', email: 'rosa@allegheny.example', problemDescription: 'Heat treat runs overtime.', urgency: 'low' },
    clock.now(),
  );
  await db.job.deleteMany({ where: { type: 'mail.send' } });
}

const companies = (path = '/hooks') => receiver.deliveries.filter((delivery) => delivery.path === path).map((delivery) => delivery.event.data.companyName);
const options = () => ({ allowedHosts: [receiver.server.hostPort] });

deliveryTestBed(
  () => clock.now(),
  (readyAdmin, readyReceiver) => ([admin, receiver] = [readyAdmin, readyReceiver]),
);

describe('an endpoint that fails for 5 days', () => {
  it.each([
    ['2026-04-06T09:00:00Z'], // Monday
    ['2026-04-10T22:00:00Z'], // Friday night
    ['2026-04-12T03:00:00Z'], // Sunday
  ])(
    'is disabled at the first failure 5 days after the first, the admins are emailed, and on re-enabling it offers what it missed (from %s)',
    async (start) => {
      clock = manualClock(start);
      const t0 = clock.now().getTime();
      receiver.answerWith(() => ({ status: 500 }));
      const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
      const runner = webhookRunner(clock, options(), { concurrency: 1 });

      await inquiry('Day 0');
      await drain(runner, clock);
      expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ status: 'active', failingSince: new Date(t0) });

      // Four days on, still failing, still active.
      clock.set(new Date(t0 + 4 * 86_400_000));
      await inquiry('Day 4');
      await drain(runner, clock);
      expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).status).toBe('active');

      // A millisecond short of 5 days: active; at 5 days: disabled.
      clock.set(new Date(t0 + 5 * 86_400_000 - 5_001));
      await inquiry('Day 5');
      await runner.tick();
      expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).status).toBe('active');
      clock.advance(5_001);
      await runner.tick();
      const disabled = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(disabled).toMatchObject({
        status: 'disabled',
        disabledReason: `It failed every delivery for 5 days (since ${new Date(t0).toISOString()}).`,
        missedFrom: new Date(t0),
      });
      const notices = await db.outboxMessage.findMany({ where: { kind: 'webhook-endpoint-disabled' } });
      expect(notices.map((notice) => notice.recipients)).toContainEqual([admin.email]);
      expect(notices.every((notice) => (notice.message as { text: string }).text.includes(`/staff/webhooks/${endpoint.id}`))).toBe(true);

      // Disabled: new events are not sent to it.
      await inquiry('While disabled');
      await drain(runner, clock);
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, createdAt: { gte: clock.now() } } })).toBe(0);

      // The receiver is fixed, an admin enables it again: it offers the four events it never received, oldest first.
      receiver.answerWith(() => ({ status: 200 }));
      receiver.deliveries.length = 0;
      clock.advance(3_600_000);
      expect(await resumeEndpoint(admin, endpoint.id, clock.now())).toBe(4);
      expect(await endpointDetail(endpoint.id, clock.now())).toMatchObject({ status: 'active', missed: 4, disabledReason: null, failingSince: null });
      await inquiry('After');
      expect(await replayMissedEvents(admin, endpoint.id, clock.now())).toBe(4);
      // The replay joins the line behind "After": each parked 30 s a place further back, the line counted once.
      const replayed = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id, trigger: 'replay' }, orderBy: { sequence: 'asc' } });
      const replayJobs = await db.job.findMany({ where: { id: { in: replayed.map((delivery) => delivery.jobId) } } });
      expect(replayed.map((delivery) => replayJobs.find((job) => job.id === delivery.jobId)!.runAt.getTime() - clock.now().getTime())).toEqual([
        30_000, 60_000, 90_000, 120_000,
      ]);
      await drain(runner, clock);
      expect(companies()).toEqual(['After', 'Day 0', 'Day 4', 'Day 5', 'While disabled']);
      expect(await endpointDetail(endpoint.id, clock.now())).toMatchObject({ missed: 0, missedFrom: null });
    },
  );
});

describe('the 5-day rule is checked when an attempt fails', () => {
  it('leaves an endpoint that failed and then had nothing to send active however long it waits; its next failure disables it', async () => {
    clock = manualClock('2026-04-15T08:00:00Z'); // a Wednesday
    const t0 = clock.now().getTime();
    receiver.answerWith(() => ({ status: 500 }));
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    const runner = webhookRunner(clock, options(), { concurrency: 1 });
    await inquiry('Only one');
    // The delivery's eight attempts, about 27.6 hours, all failing.
    expect(await runner.tick()).toBe(1);
    for (const wait of WEBHOOK_RETRY_SCHEDULE_MS) {
      clock.advance(wait);
      expect(await runner.tick()).toBe(1);
    }
    expect(receiver.deliveries).toHaveLength(8);

    // Thirty days without an event: nothing runs, and the endpoint is still active.
    clock.set(new Date(t0 + 30 * 86_400_000));
    expect(await runner.tick()).toBe(0);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ status: 'active', failingSince: new Date(t0) });
    expect(await db.outboxMessage.count({ where: { kind: 'webhook-endpoint-disabled' } })).toBe(0);

    // The next event's first attempt fails more than 5 days after the first failure: that attempt disables it.
    await inquiry('A month later');
    expect(await runner.tick()).toBe(1);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      status: 'disabled',
      disabledReason: `It failed every delivery for 5 days (since ${new Date(t0).toISOString()}).`,
    });
    expect(receiver.deliveries).toHaveLength(9);
  });
});

describe('pausing and resuming', () => {
  it('cancels what was on its way, sends nothing while paused, and replays only what the endpoint never received', async () => {
    clock = manualClock('2026-04-14T12:00:00Z');
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    const runner = webhookRunner(clock, options(), { concurrency: 2 });
    await inquiry('Before');
    await drain(runner, clock);
    receiver.answerWith(() => ({ status: 503 }));
    await inquiry('Failing');
    await drain(runner, clock);
    clock.advance(1_000);
    await pauseEndpoint(admin, endpoint.id, clock.now());
    expect((await db.webhookDelivery.findMany({ orderBy: { sequence: 'asc' } })).map((delivery) => delivery.status)).toEqual(['succeeded', 'cancelled']);
    await inquiry('Paused 1');
    await inquiry('Paused 2');
    clock.advance(10_000);
    await drain(runner, clock);
    expect(companies()).toEqual(['Before', 'Failing']);
    await expect(pauseEndpoint(admin, endpoint.id, clock.now())).rejects.toThrow(DomainError);

    receiver.answerWith(undefined);
    expect(await resumeEndpoint(admin, endpoint.id, clock.now())).toBe(2);
    await sendTestEvent(admin, endpoint.id, 'inquiry.created', clock.now());
    await dismissMissedEvents(admin, endpoint.id);
    await expect(replayMissedEvents(admin, endpoint.id, clock.now())).rejects.toThrow('There is nothing to replay.');
    await drain(runner, clock);
    // The test event only: the dismissed events stay missed.
    expect(companies()).toEqual(['Before', 'Failing', WEBHOOK_EXAMPLES['inquiry.created'].companyName]);
  });

  it('resumes with no offer when nothing was missed', async () => {
    clock = manualClock('2026-04-15T12:00:00Z');
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    await pauseEndpoint(admin, endpoint.id, clock.now());
    expect(await resumeEndpoint(admin, endpoint.id, clock.now())).toBe(0);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ status: 'active', missedFrom: null, missedUntil: null });
  });
});

describe('test events and re-sends', () => {
  it('sends an example of the chosen type once, without retries, signed like any delivery', async () => {
    clock = manualClock('2026-04-16T09:30:00Z');
    receiver.answerWith(() => ({ status: 500, body: 'not yet' }));
    const endpoint = await receiverEndpoint(admin, receiver, { eventTypes: ['booking.confirmed'], now: clock.now() });
    await sendTestEvent(admin, endpoint.id, 'checkout.completed', clock.now());
    await drain(webhookRunner(clock, options()), clock);
    clock.advance(86_400_000);
    await drain(webhookRunner(clock, options()), clock);
    expect(receiver.deliveries.map((delivery) => delivery.event.type)).toEqual(['checkout.completed']);
    expect(receiver.deliveries[0]!.event.data).toEqual(WEBHOOK_EXAMPLES['checkout.completed']);
    const [delivery] = (await endpointDetail(endpoint.id, clock.now())).deliveries;
    expect(delivery).toMatchObject({ trigger: 'test', status: 'failed', attempts: 1, event: { test: true, type: 'checkout.completed' } });
    await expect(sendTestEvent(admin, endpoint.id, 'order.shipped', clock.now())).rejects.toThrow('Choose an event type from the list.');
  });

  it('re-sends a delivery with the same event id, as a delivery of its own', async () => {
    clock = manualClock('2026-04-17T09:30:00Z');
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry('Resent');
    const runner = webhookRunner(clock, options());
    await drain(runner, clock);
    const [first] = (await endpointDetail(endpoint.id, clock.now())).deliveries;
    await resendDelivery(admin, first!.id, clock.now());
    await drain(runner, clock);
    expect(receiver.deliveries.map((delivery) => delivery.id)).toEqual([first!.event.id, first!.event.id]);
    expect((await endpointDetail(endpoint.id, clock.now())).deliveries.map((delivery) => [delivery.trigger, delivery.status])).toEqual([
      ['resend', 'succeeded'],
      ['event', 'succeeded'],
    ]);
    await pauseEndpoint(admin, endpoint.id, clock.now());
    await expect(resendDelivery(admin, first!.id, clock.now())).rejects.toThrow('Resume the endpoint first');
  });
});

describe('secrets', () => {
  it('are returned once, at creation and rotation, and never land in the audit log, the job table or a view', async () => {
    clock = manualClock('2026-04-18T09:30:00Z');
    receiver.answerWith(() => ({ status: 500 }));
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    const rotated = await rotateSecret(admin, endpoint.id, 1, clock.now());
    await expect(rotateSecret(admin, endpoint.id, 5, clock.now())).rejects.toThrow('Choose an overlap of 1, 24, 72, 168 hours.');
    await inquiry('Secretive');
    await drain(webhookRunner(clock, options()), clock);
    const everything = JSON.stringify([
      await db.auditLog.findMany({ where: { entityType: 'webhook-endpoint' } }),
      await db.job.findMany(),
      await db.webhookDeliveryAttempt.findMany(),
      await listEndpoints(),
      await endpointDetail(endpoint.id, clock.now()),
    ]);
    for (const secret of [endpoint.secret, rotated]) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.slice('whsec_'.length));
    }
    expect(
      (await db.auditLog.findMany({ where: { entityType: 'webhook-endpoint', entityId: endpoint.id }, orderBy: { id: 'asc' } })).map((entry) => entry.action),
    ).toEqual(['webhook.create', 'webhook.rotate_secret']);
  });
});

describe('adding and deleting', () => {
  it('refuses a form without a valid address or any event type, field by field', async () => {
    expect(await createEndpoint(admin, { url: '', description: 'x'.repeat(201), eventTypes: [] })).toEqual({
      ok: false,
      errors: {
        url: 'Enter the address the events should be sent to.',
        description: 'Keep the description under 200 characters.',
        eventTypes: 'Choose at least one event type.',
      },
    });
    expect(await createEndpoint(admin, { url: 'https://hooks.example.com/x', description: '', eventTypes: ['order.shipped'] })).toEqual({
      ok: false,
      errors: { eventTypes: 'Choose event types from the list.' },
    });
    expect(await createEndpoint(admin, {})).toMatchObject({ ok: false });
  });

  it('deletes an endpoint with its log, cancelling what was still to be sent', async () => {
    clock = manualClock('2026-04-19T09:30:00Z');
    const endpoint = await receiverEndpoint(admin, receiver, { now: clock.now() });
    await inquiry('Never sent');
    const [delivery] = await db.webhookDelivery.findMany();
    await deleteEndpoint(admin, endpoint.id, clock.now());
    expect(await db.webhookDelivery.count()).toBe(0);
    expect(await db.job.findUniqueOrThrow({ where: { id: delivery!.jobId } })).toMatchObject({ status: 'cancelled' });
    await drain(webhookRunner(clock, options()), clock);
    expect(receiver.deliveries).toEqual([]);
    await expect(endpointDetail(endpoint.id, clock.now())).rejects.toThrow(DomainError);
  });
});
