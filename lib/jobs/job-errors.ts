/**
 * A failure that another attempt cannot fix (a payload that does not parse, a record that no longer exists):
 * the job goes straight to `dead`, keeping this message, instead of being retried.
 */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * What staff see in /staff/jobs and the log: the whole message, not a stack trace, and never more than a screenful.
 * Prisma's messages start with a line break ("\nInvalid `prisma.checkout.updateMany()` invocation: …"), which left
 * the log line empty after "failed:"; the surrounding white space goes.
 */
export function describeJobError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message.trim()}` : String(error).trim();
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/**
 * The handler chooses when to try again, instead of the type's schedule: a receiver's `Retry-After`, or a job that
 * must wait its turn behind another. `countsAsAttempt: false` hands the job back as if it had not started (its turn
 * had not come); otherwise it is a failed attempt like any other, and the last one leaves the job dead.
 */
export class RetryJobLater extends Error {
  constructor(
    message: string,
    readonly retryAt: Date,
    readonly countsAsAttempt: boolean,
  ) {
    super(message);
    this.name = 'RetryJobLater';
  }
}
