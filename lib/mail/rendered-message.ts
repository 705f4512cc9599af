import { z } from 'zod';
import { isValidEmail } from './mailbox';

export const MAIL_KINDS = [
  'inquiry-acknowledgement',
  'inquiry-notice',
  'booking-confirmed',
  'booking-requested',
  'booking-changed',
  'booking-cancelled',
  'checkout-receipt',
  'report-ready',
  'report-failed-notice',
  'webhook-endpoint-disabled',
  'system-alert',
  'system-alert-cleared',
  'commitment-reminder',
  'commitment-missed',
  'promises-digest',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Nothing that could end a header line. */
const OneLine = z.string().regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, 'must be one line without control characters');

const Mailbox = z.object({ name: OneLine.max(200), address: z.string().refine(isValidEmail, 'must be one valid email address') });

const Attachment = z.object({
  filename: OneLine.min(1).max(200),
  contentType: OneLine.regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a bare media type'),
  contentBase64: z.base64(),
});

/**
 * A message as it is stored in the outbox (JSON) and later delivered: rendered once, inside the transaction
 * that records what it announces, so a retry sends exactly the same message. `deliver()` re-checks a stored
 * message against this schema, so a row written by older code or edited by hand cannot reach a header unchecked.
 */
export const RenderedMessage = z.object({
  kind: z.enum(MAIL_KINDS),
  messageId: z.string().regex(/^<[^<>@\s]+@[^<>@\s]+>$/, 'must be <id@host>'),
  from: Mailbox,
  to: z.array(Mailbox).min(1).max(20),
  replyTo: Mailbox.optional(),
  subject: OneLine.min(1).max(400),
  text: z.string().min(1),
  html: z.string().min(1),
  calendar: z.object({ method: z.enum(['REQUEST', 'CANCEL']), ics: z.string().startsWith('BEGIN:VCALENDAR') }).optional(),
  attachments: z.array(Attachment).max(10).optional(),
});

export type RenderedMessage = z.infer<typeof RenderedMessage>;
export type CalendarMethod = NonNullable<RenderedMessage['calendar']>['method'];
