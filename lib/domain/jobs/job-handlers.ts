import { setTimeout as sleep } from 'node:timers/promises';
import { writeBookingToCalendar } from '@/lib/domain/calendars/booking-write-back';
import { syncConnection } from '@/lib/domain/calendars/calendar-sync';
import { enqueueDueCalendarSyncs } from '@/lib/domain/calendars/sync-schedule';
import { runAnalyticsRollup } from '@/lib/domain/analytics/rollups';
import { expireOverdueCheckouts, expireProviderSession } from '@/lib/domain/checkout';
import { watchCommitments } from '@/lib/domain/commitments/commitment-watch';
import { sendWeeklyPromisesDigest } from '@/lib/domain/commitments/weekly-digest';
import { runScheduledPublish } from '@/lib/domain/content-workflow/scheduling';
import { pruneFinishedWork } from '@/lib/domain/jobs/prune-finished-work';
import { sendOutboxMessage } from '@/lib/domain/mail/send-outbox-message';
import { processPaymentEvent } from '@/lib/domain/payments/payment-events';
import { processMedia } from '@/lib/domain/media/process-media';
import { runUrlAudit } from '@/lib/domain/reports';
import { deliverWebhook } from '@/lib/domain/webhooks/deliver-webhook';
import type { JobHandlers } from '../../jobs/job-runner';

/** What each job type does. The type forces a handler for every entry of JOB_DEFINITIONS. */
export const jobHandlers: JobHandlers = {
  'payments.process-event': ({ provider, eventId }, { now }) => processPaymentEvent(provider, eventId, now()),
  'payments.expire-session': ({ checkoutToken }) => expireProviderSession(checkoutToken),
  'checkout.expire-overdue': (_payload, { now }) => expireOverdueCheckouts(now()),
  'mail.send': ({ outboxId }, { job, now }) => sendOutboxMessage(outboxId, { attempt: job.attempts, maxAttempts: job.maxAttempts, now: now() }),
  'maintenance.prune': (_payload, { now }) => pruneFinishedWork(now()),
  'commitments.watch': (_payload, { now }) => watchCommitments(now()),
  // The slot the job was scheduled for names the week, however late the runner got to it.
  'commitments.weekly-digest': (_payload, { job, now }) => sendWeeklyPromisesDigest(job.runAt, now()),
  'content.publish-scheduled': (payload, { now }) => runScheduledPublish(payload, now()),
  'reports.url-audit': ({ reportToken }, { job, now }) => runUrlAudit(reportToken, { attempt: job.attempts, now }),
  'calendars.sync-due': (_payload, { now }) => enqueueDueCalendarSyncs(now()),
  'calendars.sync': ({ connectionId }, { now }) => syncConnection(connectionId, now()),
  'calendars.write-booking': ({ bookingId }, { now }) => writeBookingToCalendar(bookingId, now()),
  'analytics.roll-up': async (_payload, { now }) => {
    await runAnalyticsRollup(now());
  },
  'webhooks.deliver': ({ deliveryId }, { job, now }) => deliverWebhook(deliveryId, job, now),
  'media.process': ({ mediaId, version }, { job }) => processMedia(mediaId, version, { attempt: job.attempts, maxAttempts: job.maxAttempts }),
  'diagnostics.noop': async ({ sleepMs }, { signal }) => {
    if (sleepMs) await sleep(sleepMs, undefined, { signal });
  },
};
