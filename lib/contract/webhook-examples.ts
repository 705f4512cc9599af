import type { WebhookEventData, WebhookEventType } from './webhook-events';

/*
 * One example payload per event type: shown in the OpenAPI document, and sent by the "Send test event" button of
 * /staff/webhooks, so a receiver can be tried without a real inquiry or payment. Ids end in `example` (or are all zeros
 * where the id is hex), names and addresses are made up (`.example` domains), so a receiver can tell a test from real data.
 */

const booking: WebhookEventData<'booking.confirmed'> = {
  id: 'bkg_example',
  status: 'confirmed',
  scheduledTime: '2026-12-01T15:00:00.000Z',
  endTime: '2026-12-01T16:00:00.000Z',
  duration: 60,
  consultantName: 'Dana Whitfield',
  meetingLink: 'https://meet.throughlinepartners.com/example',
  name: 'Sam Okoye',
  confirmationEmail: 'sam@ridgeline.example',
  context: 'Packaging line bottleneck',
  serviceType: 'implementation-support',
  preferredTimes: ['2026-12-01T15:00:00.000Z'],
  cancellationDeadline: '2026-11-30T15:00:00.000Z',
  changeable: true,
  cancelledAt: null,
  cancelledBy: null,
};

const checkout: WebhookEventData<'checkout.completed'> = {
  id: 'chk_00000000000000000000000000000000',
  status: 'complete',
  serviceId: 'website-offer-audit',
  serviceName: 'Website Offer Audit',
  amount: 490,
  currency: 'USD',
  createdAt: '2026-11-25T14:00:00.000Z',
  expiresAt: '2026-11-26T14:00:00.000Z',
  completedAt: '2026-11-25T14:03:12.000Z',
  cancelledAt: null,
  failedAt: null,
  reportId: 'rpt_00000000000000000000000000000000',
};

const report: WebhookEventData<'report.ready'> = {
  id: 'rpt_00000000000000000000000000000000',
  checkoutId: checkout.id,
  status: 'ready',
  serviceId: 'website-offer-audit',
  createdAt: '2026-11-25T14:03:12.000Z',
  readyAt: '2026-11-25T14:03:20.000Z',
  failureReason: null,
  findings: [
    {
      id: 'offer.no-primary-cta',
      category: 'call-to-action',
      severity: 'critical',
      title: 'No clear next step above the fold',
      detail: 'The first screen offers four equal buttons, so a buyer deciding on the offer has no obvious next step.',
      recommendation: 'Keep one primary button ("Book a cleaning") and make the others secondary links.',
      evidence: 'Buttons: "Learn more", "Our story", "Contact", "Book"',
    },
  ],
  summary: {
    counts: { critical: 1, major: 0, minor: 0, info: 0, total: 1 },
    page: {
      requestedUrl: 'https://harbor-lane-dental.example/offer',
      finalUrl: 'https://harbor-lane-dental.example/offer',
      redirectCount: 0,
      fetchMs: 412,
      timeToFirstByteMs: 120,
      bytes: 48210,
      truncated: false,
      https: true,
    },
  },
};

export const WEBHOOK_EXAMPLES: { [T in WebhookEventType]: WebhookEventData<T> } = {
  'inquiry.created': {
    id: 'inq_example',
    companyName: 'Allegheny Castings',
    contactName: 'Rosa Diaz',
    email: 'rosa@allegheny.example',
    phone: null,
    problemDescription: 'Heat treat runs overtime while assembly waits.',
    industry: 'Manufacturing',
    organizationSize: 'medium',
    urgency: 'high',
    preferredServices: ['operations-constraint-diagnostic'],
    budget: null,
    timeline: null,
    submittedAt: '2026-11-25T14:00:00.000Z',
    status: 'submitted',
    supportTicket: 'TOC-2026-00042',
    estimatedResponse: '2026-11-25T22:00:00.000Z',
  },
  'booking.confirmed': booking,
  'booking.pending': { ...booking, status: 'pending', consultantName: null, meetingLink: null, cancellationDeadline: null },
  'booking.rescheduled': {
    ...booking,
    scheduledTime: '2026-12-02T19:00:00.000Z',
    endTime: '2026-12-02T20:00:00.000Z',
    cancellationDeadline: '2026-12-01T19:00:00.000Z',
    previousScheduledTime: booking.scheduledTime,
    previousEndTime: booking.endTime,
  },
  'booking.cancelled': { ...booking, status: 'cancelled', changeable: false, cancelledAt: '2026-11-26T09:30:00.000Z', cancelledBy: 'visitor' },
  'checkout.completed': checkout,
  'checkout.expired': { ...checkout, status: 'expired', completedAt: null, reportId: null },
  'checkout.failed': { ...checkout, status: 'failed', completedAt: null, failedAt: '2026-11-28T10:00:00.000Z', reportId: null },
  'report.ready': report,
  'report.failed': {
    ...report,
    status: 'failed',
    readyAt: null,
    findings: null,
    summary: null,
    failureReason: 'The page at https://harbor-lane-dental.example/offer did not answer within 10 seconds.',
  },
  'content.published': { build_stamp: '3f9c2a71b0de', changes: [{ kind: 'insight', id: 'drum-buffer-rope-for-job-shops', change: 'published' }] },
};
