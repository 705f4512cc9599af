import { z } from 'zod';
import 'zod-openapi';
import { CONTENT_TYPE_IDS } from '@/lib/core/content-type-ids';
import { ManagedBooking } from './booking-management';
import { CheckoutRecord, ReportRecord } from './checkout';
import { IsoDateTime } from './common';
import { Inquiry, InquiryStatus } from './inquiries';

/*
 * The events the firm's systems can receive as signed webhooks (Standard Webhooks), with their payloads. Every payload
 * is a public shape of the contract: what /v1 already returns to the person concerned, never an internal field, and
 * never a secret token (a booking's management link, a checkout's or report's token): a receiver is told what
 * happened, not given the keys to change it. The OpenAPI document's `webhooks` section is generated from this table,
 * the typed client's event types from that document.
 */

export const WEBHOOK_EVENT_TYPES = [
  'inquiry.created',
  'booking.confirmed',
  'booking.pending',
  'booking.rescheduled',
  'booking.cancelled',
  'checkout.completed',
  'checkout.expired',
  'checkout.failed',
  'report.ready',
  'report.failed',
  'content.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WebhookEventTypeName = z.enum(WEBHOOK_EVENT_TYPES);

export const InquiryEventData = Inquiry.extend({
  id: z.string().meta({ description: 'The opaque tracking id `POST /v1/inquiries` answered with.' }),
  submittedAt: IsoDateTime,
  status: InquiryStatus,
  supportTicket: z.string().meta({ example: 'TOC-2026-00042', description: 'The ticket number the visitor was given.' }),
  estimatedResponse: IsoDateTime.meta({ description: 'When the firm promised to have answered.' }),
}).meta({
  id: 'InquiryEventData',
  title: 'InquiryEventData',
  description: 'The inquiry as the visitor sent it, with the id, ticket and answer time they were given.',
});

export const BookingEventData = ManagedBooking.omit({ manageUrl: true }).meta({
  id: 'BookingEventData',
  title: 'BookingEventData',
  description:
    'The booking as its booker sees it (`GET /v1/bookings/{token}`) at the moment of the change, without the management link: ' +
    'the token in it is the only key to the booking, and it stays with the booker.',
});

export const BookingRescheduledData = BookingEventData.extend({
  previousScheduledTime: IsoDateTime.meta({ description: 'The start before the change.' }),
  previousEndTime: IsoDateTime.meta({ description: 'The end before the change.' }),
}).meta({ id: 'BookingRescheduledData', title: 'BookingRescheduledData', description: 'The booking after the move, and where it was before.' });

const RecordId = (prefix: string, what: string) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}_[0-9a-f]{32}$`))
    .meta({ description: `A stable id of the ${what} for webhooks: not its token, which stays with the buyer and reads the ${what} through /v1.` });

export const CheckoutEventData = CheckoutRecord.omit({ token: true, reportUrl: true })
  .extend({
    id: RecordId('chk', 'checkout'),
    reportId: RecordId('rpt', 'report').nullable().meta({ description: 'The report the purchase created (audits, once paid); null otherwise.' }),
  })
  .meta({
    id: 'CheckoutEventData',
    title: 'CheckoutEventData',
    description: 'The checkout as `GET /v1/checkout/{token}` shows it, with ids instead of the token and the report link.',
  });

export const ReportEventData = ReportRecord.omit({ token: true })
  .extend({ id: RecordId('rpt', 'report'), checkoutId: RecordId('chk', 'checkout') })
  .meta({
    id: 'ReportEventData',
    title: 'ReportEventData',
    description: 'The report as `GET /v1/reports/{token}` shows it (findings once ready, the reason once failed), with ids instead of the token.',
  });

export const ContentChange = z
  .object({
    kind: z
      .enum(CONTENT_TYPE_IDS)
      .meta({ description: 'The kind of content: `insight`, `service`, `testimonial`, `faq`, `principle`, `tool`, `company` or `consultant` (a calendar).' }),
    id: z.string().meta({ description: 'Its id (an insight or service slug, `company` for the company profile).' }),
    change: z.enum(['published', 'unpublished']).meta({ description: '`unpublished`: taken offline (or hidden).' }),
  })
  .meta({ id: 'ContentChange', title: 'ContentChange' });

export const ContentPublishedData = z
  .object({
    build_stamp: z.string().meta({ description: 'The content version after the change, as `/v1/health` reports it.', example: '3f9c2a71b0de' }),
    changes: z.array(ContentChange).min(1).meta({ description: 'What changed.' }),
  })
  .meta({
    id: 'ContentPublishedData',
    title: 'ContentPublishedData',
    description: 'Published content changed: read again what you cached if `build_stamp` differs from yours.',
  });

export interface WebhookEventDefinition<T extends WebhookEventType = WebhookEventType, Data extends z.ZodType = z.ZodType> {
  type: T;
  summary: string;
  /** When it is sent, for the document and the docs page. */
  description: string;
  data: Data;
}

const defineWebhookEvent = <T extends WebhookEventType, Data extends z.ZodType>(definition: WebhookEventDefinition<T, Data>) => definition;

/** Every event type, in the order the documents list them. */
export const webhookEvents = {
  'inquiry.created': defineWebhookEvent({
    type: 'inquiry.created',
    summary: 'An inquiry arrived',
    description: 'Sent when an inquiry is stored: `POST /v1/inquiries`, the contact form, or an MCP tool call.',
    data: InquiryEventData,
  }),
  'booking.confirmed': defineWebhookEvent({
    type: 'booking.confirmed',
    summary: 'A consultation was confirmed',
    description:
      'Sent when a booking becomes confirmed: booked at a free time at once, or a pending request confirmed by staff or by the booker choosing a free time.',
    data: BookingEventData,
  }),
  'booking.pending': defineWebhookEvent({
    type: 'booking.pending',
    summary: 'A consultation request waits for staff',
    description: 'Sent when a booking request is stored as pending because none of its preferred times was free.',
    data: BookingEventData,
  }),
  'booking.rescheduled': defineWebhookEvent({
    type: 'booking.rescheduled',
    summary: 'A consultation moved',
    description: 'Sent when a confirmed booking moves to another time, or a pending request is given new times and stays pending.',
    data: BookingRescheduledData,
  }),
  'booking.cancelled': defineWebhookEvent({
    type: 'booking.cancelled',
    summary: 'A consultation was cancelled',
    description: 'Sent when the booker or staff cancel a pending or confirmed booking (`cancelledBy` says who).',
    data: BookingEventData,
  }),
  'checkout.completed': defineWebhookEvent({
    type: 'checkout.completed',
    summary: 'A purchase was paid',
    description: 'Sent once when the payment provider reports the checkout paid.',
    data: CheckoutEventData,
  }),
  'checkout.expired': defineWebhookEvent({
    type: 'checkout.expired',
    summary: 'A checkout expired unpaid',
    description: 'Sent when an open checkout is stored as expired: 24 hours passed unpaid, or the provider closed the session.',
    data: CheckoutEventData,
  }),
  'checkout.failed': defineWebhookEvent({
    type: 'checkout.failed',
    summary: 'A delayed payment failed',
    description: 'Sent when a delayed payment method (a bank debit) was declined.',
    data: CheckoutEventData,
  }),
  'report.ready': defineWebhookEvent({
    type: 'report.ready',
    summary: 'A purchased report is ready',
    description: 'Sent when an audit report becomes ready: the website audit finished, or a consultant published the findings.',
    data: ReportEventData,
  }),
  'report.failed': defineWebhookEvent({
    type: 'report.failed',
    summary: 'A purchased report could not be produced',
    description: 'Sent when an audit report fails, with the sentence the buyer reads.',
    data: ReportEventData,
  }),
  'content.published': defineWebhookEvent({
    type: 'content.published',
    summary: 'Published content changed',
    description:
      'Sent when staff publish content, a scheduled publish goes live, or content is taken offline, with the new `build_stamp`. ' +
      'A new release or a content import changes `build_stamp` without an event: compare it with `/v1/health` when you start.',
    data: ContentPublishedData,
  }),
} as const satisfies { [T in WebhookEventType]: WebhookEventDefinition<T> };

export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof webhookEvents)[T]['data']>;

/** The body of every delivery: Standard Webhooks' envelope. */
export function webhookEnvelope<T extends WebhookEventType>(type: T) {
  const { data, summary } = webhookEvents[type];
  return z
    .object({
      type: z.literal(type),
      id: z.string().meta({ description: 'The event id, also sent as `webhook-id`: the same on every attempt, so process each id once.' }),
      timestamp: IsoDateTime.meta({ description: 'When the event happened (the change was committed).' }),
      data,
    })
    .meta({ title: `${type} event`, description: summary });
}

export const WebhookHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'The event id (`msg_…`), the same on every attempt of the event.' }),
  'webhook-timestamp': z
    .string()
    .regex(/^\d+$/)
    .meta({ description: 'When this attempt was signed, in seconds since the Unix epoch; refuse deliveries older than 5 minutes.' }),
  'webhook-signature': z.string().meta({
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `webhook-id.webhook-timestamp.body` with the endpoint secret (`whsec_…`); ' +
      'during a rotation one per secret. Verify with the `standardwebhooks` package.',
  }),
});
