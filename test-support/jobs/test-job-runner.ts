import { jobHandlers } from '../../lib/domain/jobs/job-handlers';
import { JobRunner } from '../../lib/jobs/job-runner';

type JobRunnerOptions = ConstructorParameters<typeof JobRunner>[0];

/**
 * A job runner for unit tests: the real handlers, the test's clock, no backoff jitter and no recurring jobs; `options`
 * replace any of these (other handlers, another owner). Call `tick()` to run what is due.
 */
export function testJobRunner(clock: { now: () => Date }, options: Partial<JobRunnerOptions> = {}): JobRunner {
  return new JobRunner({
    handlers: jobHandlers,
    owner: 'test-runner',
    concurrency: 2,
    pollMs: 50,
    leaseMs: 30_000,
    graceMs: 1_000,
    recurring: false,
    now: clock.now,
    random: () => 0,
    ...options,
  });
}
