import { sendOutboxMessage } from '../../lib/domain/mail/send-outbox-message';
import { jobHandlers } from '../../lib/domain/jobs/job-handlers';
import type { JobRunner } from '../../lib/jobs/job-runner';
import type { MailTransport } from '../../lib/mail/transport';
import { testJobRunner } from '../jobs/test-job-runner';
import type { ManualClock } from '../manual-clock';

/**
 * A job runner for unit tests that run the mail jobs: the real handlers, except that `mail.send` uses `transport`
 * (an SMTP sink's, or null for "SMTP_URL unset") instead of the one configured for the process, and the clock and
 * the backoff jitter are the test's. Call `tick()` to run what is due.
 */
export function mailTestRunner(clock: ManualClock, transport: MailTransport | null): JobRunner {
  return testJobRunner(clock, {
    handlers: {
      ...jobHandlers,
      'mail.send': ({ outboxId }, { job, now }) => sendOutboxMessage(outboxId, { attempt: job.attempts, maxAttempts: job.maxAttempts, now: now(), transport }),
    },
    owner: 'mail-test-runner',
    concurrency: 4,
    leaseMs: 60_000,
  });
}
