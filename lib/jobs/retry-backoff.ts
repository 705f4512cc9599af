/** The first retry comes after about this long… */
export const RETRY_BASE_MS = 5_000;
/** …each further one waits twice as long, up to this. */
export const RETRY_CAP_MS = 60 * 60_000;

/**
 * How long to wait before attempt `attempt + 1`, after attempt `attempt` (1-based) failed: exponential, with
 * "equal jitter" (half of the step fixed, half random) so jobs that failed together, e.g. while the mail
 * server was down, do not all come back at the same moment, and none comes back sooner than half its step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * The wait before attempt `attempt + 1` of a job of a type: the type's own schedule when it has one (webhook deliveries
 * follow Standard Webhooks' fixed one; past its end the last step repeats), else the exponential backoff above.
 */
export function retryDelayFor(schedule: readonly number[] | undefined, attempt: number, random: () => number = Math.random): number {
  if (!schedule || schedule.length === 0) return retryDelayMs(attempt, random);
  return schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1]!;
}
