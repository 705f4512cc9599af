import { z } from 'zod';
import { CONTENT_TYPE_IDS } from '@/lib/core/content-type-ids';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The waits between the eight attempts of a webhook delivery. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

export interface JobDefinition {
  payload: z.ZodType;
  maxAttempts: number;
  /** The waits (ms) after attempt 1, 2, … fail; without one, exponential backoff with jitter (retry-backoff.ts). */
  retryScheduleMs?: readonly number[];
}

/**
 * Every kind of job, its payload and how often it may be tried. One table, so enqueueing is typed, the
 * runner must have a handler for each type (lib/domain/jobs/job-handlers.ts), and a payload edited by hand in the
 * database is refused instead of half-run.
 */
export const JOB_DEFINITIONS = {
  /** Process a recorded payment-provider notice (a Stripe webhook event). */
  'payments.process-event': {
    payload: z.object({ provider: z.literal('stripe'), eventId: z.string().min(1) }),
    maxAttempts: 10,
  },
  /** Close the provider's session of a checkout that expired here, so it can no longer be paid. */
  'payments.expire-session': { payload: z.object({ checkoutToken: z.string().min(1) }), maxAttempts: 8 },
  /** Recurring: store `expired` on open checkouts past their expiry. */
  'checkout.expire-overdue': { payload: z.object({}), maxAttempts: 3 },
  /** Recurring: delete finished jobs and forgotten idempotency keys after their retention. */
  'maintenance.prune': { payload: z.object({}), maxAttempts: 3 },
  /** Recurring (COMMITMENT_CHECK_SECONDS): remind the owners of commitments falling due, mark those past due missed. */
  'commitments.watch': { payload: z.object({}), maxAttempts: 3 },
  /** Recurring, Mondays at 08:00 in the firm's time zone: last week's promises, by kind, to the admins. */
  'commitments.weekly-digest': { payload: z.object({}), maxAttempts: 5 },
  /**
   * Run the website offer audit of a paid report: queued → processing → ready | failed. Five attempts: three for a
   * page that fails for a passing reason (URL_AUDIT_FETCH_ATTEMPTS), and room for workers killed mid-audit.
   */
  'reports.url-audit': { payload: z.object({ reportToken: z.string().min(1) }), maxAttempts: 5 },
  /**
   * Deliver one stored message of the outbox. Ten attempts with doubling pauses (5 s … about 20 min) ride out an
   * SMTP outage of half an hour or so; after that the message shows as failed in /staff/outbox, with Resend.
   */
  'mail.send': { payload: z.object({ outboxId: z.string().min(1) }), maxAttempts: 10 },
  /**
   * Publish a content draft at its scheduled time. Whatever cannot be carried out (the draft is gone or no longer
   * valid) fails for good at once; the retries are for a database that was busy.
   */
  'content.publish-scheduled': {
    payload: z.object({
      contentType: z.enum(CONTENT_TYPE_IDS),
      itemId: z.string().min(1),
      scheduleId: z.string().min(1),
      /** A calendar change: the conflicting bookings the person who scheduled it confirmed they had seen. */
      acknowledgedBookingIds: z.array(z.string()).default([]),
    }),
    maxAttempts: 5,
  },
  /** Recurring, every minute: queue a `calendars.sync` for each connected calendar whose CALENDAR_SYNC_MINUTES are up. */
  'calendars.sync-due': { payload: z.object({}), maxAttempts: 3 },
  /** Sync one connected calendar. A calendar that cannot be reached is recorded on it, not retried here: the next period is the retry. */
  'calendars.sync': { payload: z.object({ connectionId: z.string().min(1) }), maxAttempts: 3 },
  /** Make the consultant's booking calendar show one booking as it is now (create, update with its ETag, or delete). */
  'calendars.write-booking': { payload: z.object({ bookingId: z.string().min(1) }), maxAttempts: 8 },
  /** Recurring: attribute conversions, bring the daily analytics aggregates up to date, prune raw analytics and past salts. */
  'analytics.roll-up': { payload: z.object({}), maxAttempts: 3 },
  /**
   * Send one webhook event to one endpoint. Standard Webhooks' schedule: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h,
   * 10 h and 10 h (about 27.6 hours in all); a receiver's Retry-After can only make a wait longer.
   */
  'webhooks.deliver': { payload: z.object({ deliveryId: z.string().min(1) }), maxAttempts: 8, retryScheduleMs: WEBHOOK_RETRY_SCHEDULE_MS },
  /**
   * Make the sizes of a media library image from its kept original (lib/domain/media/process-media.ts). `version` is the
   * image's version when the job was enqueued: a job for a replaced original or an older focal point does nothing.
   */
  'media.process': { payload: z.object({ mediaId: z.string().min(1), version: z.int().min(1) }), maxAttempts: 3 },
  /** Does nothing (optionally waits): measures the runner and tests drains and leases without side effects. */
  'diagnostics.noop': { payload: z.object({ sleepMs: z.number().int().min(0).max(600_000).optional() }), maxAttempts: 3 },
} as const satisfies Record<string, JobDefinition>;

export type JobType = keyof typeof JOB_DEFINITIONS;
export type JobPayload<T extends JobType> = z.infer<(typeof JOB_DEFINITIONS)[T]['payload']>;

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'dead', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export function isJobType(type: string): type is JobType {
  return Object.hasOwn(JOB_DEFINITIONS, type);
}
