import { DateTime } from 'luxon';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEventType } from '@/lib/contract/webhook-events';
import { WEBHOOK_EVENT_TYPES, webhookEvents } from '@/lib/contract/webhook-events';
import { WEBHOOK_EXAMPLES } from '@/lib/contract/webhook-examples';
import { db } from '@/lib/db/client';
import { buyWebsiteAudit } from '@/test-support/buy-audit';
import { staffMember } from '@/test-support/content-workflow-fixtures';
import { webhookAdmin } from '@/test-support/webhooks/webhook-test-kit';
import { publicIdForToken } from '../../core/secret-tokens';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { cancelBookingRecord } from '../bookings/booking-changes';
import { cancelManagedBooking, rescheduleManagedBooking } from '../bookings/manage-booking';
import { requestBooking } from '../bookings/request-booking';
import { getServiceDetail } from '../catalogue/catalogue';
import { completeCheckout, expireOverdueCheckouts, failCheckout, startCheckout } from '../checkout';
import { contentSnapshot } from '../content/snapshot';
import { saveDraft } from '../content-workflow/drafts';
import { publishDraft, unpublishItem } from '../content-workflow/publishing';
import { submitInquiry } from '../inquiries/inquiries';
import { loadMailSettings } from '../mail/mail-settings';
import { claimReportForProcessing, recordReportFailed, recordReportReady } from '../reports';
import { cancelBooking, confirmPendingBooking } from '../staff/inbox';
import type { StaffActor } from '../staff/roles';
import { createEndpoint } from './endpoints';
import { recordWebhookEvent } from './record-event';

/** Monday 1 March 2027, 09:00 in New York. */
const NOW = new Date('2027-03-01T14:00:00Z');
const ny = (local: string) => DateTime.fromISO(local, { zone: 'America/New_York' }).toISO()!;

/** The events recorded so far, oldest first, each checked against its contract schema (parsing strips anything extra). */
async function events() {
  const rows = await db.webhookEvent.findMany({ orderBy: { sequence: 'asc' } });
  return rows.map((row) => {
    expect(webhookEvents[row.type as WebhookEventType].data.parse(row.data)).toEqual(row.data);
    return { type: row.type, createdAt: row.createdAt, data: row.data as Record<string, unknown> };
  });
}

/**
 * Two bookers' offer analyses: Sam's on Wednesday 3 March, 11:00 in New York, free, so confirmed at once; Lee's on
 * Sunday 7 March, when nobody works, so it waits for staff as pending.
 */
const BOOKERS = {
  sam: { name: 'Sam Okoye', email: 'sam@ridgeline.example', context: 'Packaging line bottleneck', preferredTimes: [ny('2027-03-03T11:00')] },
  lee: { name: 'Lee Park', email: 'lee@northgate.example', context: 'Scheduling', preferredTimes: [ny('2027-03-07T11:00')] },
};
const bookingOf = (booker: keyof typeof BOOKERS) => requestBooking({ ...BOOKERS[booker], serviceType: 'offer-analysis', duration: 60 }, NOW);

let admin: StaffActor;
let endpointId: string;

beforeAll(async () => {
  admin = await webhookAdmin();
  const created = await createEndpoint(
    admin,
    { url: 'https://hooks.ridgeline.example/all', description: 'everything', eventTypes: [...WEBHOOK_EVENT_TYPES] },
    { allowedHosts: [], resolveHost: async () => ['93.184.215.14'] },
  );
  if (!created.ok) throw new Error('endpoint refused');
  endpointId = created.id;
});
beforeEach(async () => {
  await db.webhookEvent.deleteMany();
  await db.bookingSlotClaim.deleteMany();
  await db.booking.deleteMany();
});

describe('the event each change records, in its own transaction', () => {
  it('inquiry.created: the inquiry as sent, with the id, ticket and answer time the visitor got', async () => {
    const response = await submitInquiry(
      {
        companyName: 'Allegheny Castings',
        contactName: 'Rosa Diaz',
        email: 'rosa@allegheny.example',
        phone: '+1 412 555 0199',
        problemDescription: 'Heat treat runs overtime while assembly waits.',
        urgency: 'high',
        preferredServices: ['operations-constraint-diagnostic'],
        budget: { min: 20000, max: 45000, currency: 'USD' },
      },
      NOW,
    );
    expect(await events()).toEqual([
      {
        type: 'inquiry.created',
        createdAt: NOW,
        data: {
          id: response.id,
          companyName: 'Allegheny Castings',
          contactName: 'Rosa Diaz',
          email: 'rosa@allegheny.example',
          phone: '+1 412 555 0199',
          problemDescription: 'Heat treat runs overtime while assembly waits.',
          industry: null,
          organizationSize: null,
          urgency: 'high',
          preferredServices: ['operations-constraint-diagnostic'],
          budget: { min: 20000, max: 45000, currency: 'USD' },
          timeline: null,
          submittedAt: NOW.toISOString(),
          status: 'submitted',
          supportTicket: response.supportTicket,
          estimatedResponse: response.estimatedResponse,
        },
      },
    ]);
    // One delivery with its job for the endpoint that wants it.
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId, event: { type: 'inquiry.created' } } });
    expect(delivery).toMatchObject({ trigger: 'event', status: 'pending', attempts: 0 });
    expect(await db.job.findUniqueOrThrow({ where: { id: delivery!.jobId } })).toMatchObject({
      type: 'webhooks.deliver',
      payload: { deliveryId: delivery!.id },
    });
  });

  it('booking.confirmed, .rescheduled and .cancelled for a booker’s own changes, without the management link', async () => {
    const confirmation = await bookingOf('sam');
    const token = (await db.booking.findUniqueOrThrow({ where: { id: confirmation.id } })).manageToken;
    await rescheduleManagedBooking(token, [ny('2027-03-04T14:00')], NOW);
    await cancelManagedBooking(token, NOW);
    const recorded = await events();
    expect(recorded.map((event) => [event.type, event.data.status])).toEqual([
      ['booking.confirmed', 'confirmed'],
      ['booking.rescheduled', 'confirmed'],
      ['booking.cancelled', 'cancelled'],
    ]);
    expect(recorded[0]!.data).toMatchObject({
      id: confirmation.id,
      scheduledTime: new Date(ny('2027-03-03T11:00')).toISOString(),
      name: 'Sam Okoye',
      confirmationEmail: 'sam@ridgeline.example',
      changeable: true,
      cancelledBy: null,
    });
    expect(recorded[1]!.data).toMatchObject({
      scheduledTime: new Date(ny('2027-03-04T14:00')).toISOString(),
      previousScheduledTime: new Date(ny('2027-03-03T11:00')).toISOString(),
      previousEndTime: new Date(ny('2027-03-03T12:00')).toISOString(),
    });
    expect(recorded[2]!.data).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor', cancelledAt: NOW.toISOString(), meetingLink: null });
    for (const event of recorded) {
      expect(event.data).not.toHaveProperty('manageUrl');
      expect(JSON.stringify(event.data)).not.toContain(token);
    }
  });

  it('booking.pending for a request none of whose times is free, then booking.confirmed when staff confirm it', async () => {
    const confirmation = await bookingOf('lee');
    expect(confirmation.status).toBe('pending');
    const sales = await staffMember('sales', 'Sid Sales');
    // Margaret Okafor takes offer analysis and works 08:00 to 16:00 on weekdays.
    await confirmPendingBooking(sales, confirmation.id, 'margaret-okafor', new Date(ny('2027-03-03T10:00')), NOW);
    const recorded = await events();
    expect(recorded.map((event) => event.type)).toEqual(['booking.pending', 'booking.confirmed']);
    expect(recorded[0]).toMatchObject({ data: { id: confirmation.id, status: 'pending', consultantName: null, changeable: true, cancellationDeadline: null } });
    expect(recorded[1]).toMatchObject({
      data: { id: confirmation.id, status: 'confirmed', consultantName: 'Margaret Okafor', scheduledTime: new Date(ny('2027-03-03T10:00')).toISOString() },
    });
  });

  it('booking.rescheduled for a pending request given new times none of which is free: still pending, with the times it had', async () => {
    // Then Saturday times: nobody works at the weekend, so the request stays with staff.
    const confirmation = await bookingOf('lee');
    const token = (await db.booking.findUniqueOrThrow({ where: { id: confirmation.id } })).manageToken;
    const later = new Date(NOW.getTime() + 3_600_000);
    await rescheduleManagedBooking(token, [ny('2027-03-06T10:00'), ny('2027-03-06T12:00')], later);
    const pending = {
      id: confirmation.id,
      status: 'pending',
      duration: 60,
      consultantName: null,
      meetingLink: null,
      name: 'Lee Park',
      confirmationEmail: 'lee@northgate.example',
      context: 'Scheduling',
      serviceType: 'offer-analysis',
      cancellationDeadline: null,
      changeable: true,
      cancelledAt: null,
      cancelledBy: null,
    };
    expect(await events()).toEqual([
      {
        type: 'booking.pending',
        createdAt: NOW,
        data: { ...pending, scheduledTime: '2027-03-07T16:00:00.000Z', endTime: '2027-03-07T17:00:00.000Z', preferredTimes: ['2027-03-07T16:00:00.000Z'] },
      },
      {
        type: 'booking.rescheduled',
        createdAt: later,
        data: {
          ...pending,
          scheduledTime: '2027-03-06T15:00:00.000Z',
          endTime: '2027-03-06T16:00:00.000Z',
          preferredTimes: ['2027-03-06T15:00:00.000Z', '2027-03-06T17:00:00.000Z'],
          previousScheduledTime: '2027-03-07T16:00:00.000Z',
          previousEndTime: '2027-03-07T17:00:00.000Z',
        },
      },
    ]);
  });

  it('booking.cancelled with cancelledBy "staff" when staff cancel a confirmed booking from the inbox', async () => {
    const confirmation = await bookingOf('sam');
    const sales = await staffMember('sales', 'Sid Sales');
    const later = new Date(NOW.getTime() + 3_600_000);
    await cancelBooking(sales, confirmation.id, later);
    const recorded = await events();
    expect(recorded.map((event) => [event.type, event.createdAt])).toEqual([
      ['booking.confirmed', NOW],
      ['booking.cancelled', later],
    ]);
    expect(recorded[1]!.data).toEqual({
      id: confirmation.id,
      status: 'cancelled',
      scheduledTime: '2027-03-03T16:00:00.000Z',
      endTime: '2027-03-03T17:00:00.000Z',
      duration: 60,
      // Margaret Okafor takes offer analysis on Wednesdays; the link to a meeting that is off is not sent.
      consultantName: 'Margaret Okafor',
      meetingLink: null,
      name: 'Sam Okoye',
      confirmationEmail: 'sam@ridgeline.example',
      context: 'Packaging line bottleneck',
      serviceType: 'offer-analysis',
      preferredTimes: ['2027-03-03T16:00:00.000Z'],
      cancellationDeadline: null,
      changeable: false,
      cancelledAt: later.toISOString(),
      cancelledBy: 'staff',
    });
  });

  it('checkout.completed, .failed and .expired, with ids in place of the tokens', async () => {
    const open = async () => {
      const { purchaseDigest } = await getServiceDetail('constraint-snapshot');
      const session = await startCheckout('constraint-snapshot', { purchaseDigest, buyerInputs: {} }, NOW);
      return db.checkout.findUniqueOrThrow({ where: { token: session.token } });
    };
    const paid = await open();
    const failed = await open();
    const expired = await open();
    await completeCheckout('sandbox', paid.providerSessionId, NOW);
    await completeCheckout('sandbox', paid.providerSessionId, NOW); // the provider repeats itself: one event
    await failCheckout('sandbox', failed.providerSessionId, NOW);
    await db.checkout.updateMany({ where: { token: { in: [paid.token, failed.token] } }, data: { expiresAt: new Date(NOW.getTime() + 86_400_000 * 365) } });
    await expireOverdueCheckouts(new Date(expired.expiresAt.getTime()));
    const recorded = await events();
    expect(recorded.map((event) => [event.type, event.data.id])).toEqual([
      ['checkout.completed', publicIdForToken('chk', paid.token)],
      ['checkout.failed', publicIdForToken('chk', failed.token)],
      ['checkout.expired', publicIdForToken('chk', expired.token)],
    ]);
    expect(recorded[0]!.data).toEqual({
      id: publicIdForToken('chk', paid.token),
      status: 'complete',
      serviceId: 'constraint-snapshot',
      serviceName: paid.serviceName,
      amount: paid.amountMinor / 100,
      currency: paid.currency,
      createdAt: paid.createdAt.toISOString(),
      expiresAt: paid.expiresAt.toISOString(),
      completedAt: NOW.toISOString(),
      cancelledAt: null,
      failedAt: null,
      reportId: null,
    });
    for (const [event, row] of [
      [recorded[0]!, paid],
      [recorded[1]!, failed],
      [recorded[2]!, expired],
    ] as const) {
      expect(JSON.stringify(event.data)).not.toContain(row.token);
    }
  });

  it('report.ready and report.failed name the report and its checkout by ids, never by token', async () => {
    const ready = await buyWebsiteAudit('https://sunrise-plumbing.example/', { now: NOW });
    const failing = await buyWebsiteAudit('https://sunrise-plumbing.example/pricing', { now: NOW });
    await db.webhookEvent.deleteMany();
    await claimReportForProcessing(ready);
    await recordReportReady(ready, { findings: [], page: null }, { now: NOW });
    await claimReportForProcessing(failing);
    await recordReportFailed(failing, 'The page did not answer.');
    const recorded = await events();
    const readyRow = await db.report.findUniqueOrThrow({ where: { token: ready } });
    expect(recorded.map((event) => event.type)).toEqual(['report.ready', 'report.failed']);
    expect(recorded[0]!.data).toEqual({
      id: publicIdForToken('rpt', ready),
      checkoutId: publicIdForToken('chk', readyRow.checkoutToken),
      status: 'ready',
      serviceId: 'website-offer-audit',
      createdAt: readyRow.createdAt.toISOString(),
      readyAt: NOW.toISOString(),
      failureReason: null,
      findings: [],
      summary: { counts: { critical: 0, major: 0, minor: 0, info: 0, total: 0 }, page: null },
    });
    expect(recorded[1]!.data).toMatchObject({
      id: publicIdForToken('rpt', failing),
      status: 'failed',
      failureReason: 'The page did not answer.',
      findings: null,
    });
    expect(JSON.stringify(recorded)).not.toContain(ready);
    expect(JSON.stringify(recorded)).not.toContain(readyRow.checkoutToken);
  });

  it('content.published carries the build_stamp the site then shows, and unpublishing is a change too', async () => {
    const editor = await staffMember('marketing', 'Mara Editor');
    const live = await db.insight.findUniqueOrThrow({ where: { id: 'drum-buffer-rope-for-job-shops' } });
    const { revision } = await saveDraft(editor, 'insight', live.id, {
      id: live.id,
      title: 'Drum-buffer-rope, revised',
      summary: live.summary,
      author: live.author!,
      featured: live.featured,
      topics: live.topics as string[],
      keywords: live.keywords as string[],
      related: live.relatedIds as string[],
      content: live.content,
    });
    await publishDraft(editor, 'insight', live.id, { revision });
    const afterPublish = (await contentSnapshot()).buildStamp;
    await unpublishItem(editor, 'insight', live.id);
    const afterUnpublish = (await contentSnapshot()).buildStamp;
    expect((await events()).map((event) => event.data)).toEqual([
      { build_stamp: afterPublish, changes: [{ kind: 'insight', id: live.id, change: 'published' }] },
      { build_stamp: afterUnpublish, changes: [{ kind: 'insight', id: live.id, change: 'unpublished' }] },
    ]);
    expect(afterPublish).not.toBe(afterUnpublish);
  });
});

describe('a write that rolls back', () => {
  it('leaves no event, no delivery and no job behind', async () => {
    const confirmation = await requestBooking(
      {
        name: 'Sam Okoye',
        email: 'sam@ridgeline.example',
        context: 'Bottleneck',
        preferredTimes: [ny('2027-03-03T15:00')],
        serviceType: 'offer-analysis',
        duration: 60,
      },
      NOW,
    );
    await db.webhookEvent.deleteMany();
    const jobsBefore = await db.job.count();
    const booking = await db.booking.findUniqueOrThrow({ where: { id: confirmation.id }, include: { consultant: true } });
    // The cancellation records its event, then a later write of the same transaction fails: all of it rolls back.
    await expect(
      cancelBookingRecord(booking, {
        cancelledBy: 'staff',
        now: NOW,
        settings: await loadMailSettings(NOW),
        alsoWrite: async () => {
          throw new Error('the audit entry could not be written');
        },
      }),
    ).rejects.toThrow('the audit entry could not be written');
    expect(await db.webhookEvent.count()).toBe(0);
    expect(await db.webhookDelivery.count({ where: { event: { type: 'booking.cancelled' } } })).toBe(0);
    expect(await db.job.count()).toBe(jobsBefore);
    expect((await db.booking.findUniqueOrThrow({ where: { id: confirmation.id } })).status).toBe('confirmed');
  });

  it('an event recorded in a transaction that throws is gone with it', async () => {
    await expect(
      transactionWithJobs(async (tx, jobs) => {
        await recordWebhookEvent(tx, jobs, 'inquiry.created', WEBHOOK_EXAMPLES['inquiry.created'], NOW);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.webhookEvent.count()).toBe(0);
  });
});

describe('the examples a test event sends', () => {
  it.each(WEBHOOK_EVENT_TYPES)('%s matches its schema exactly', (type) => {
    expect(webhookEvents[type].data.parse(WEBHOOK_EXAMPLES[type])).toEqual(WEBHOOK_EXAMPLES[type]);
  });
});
