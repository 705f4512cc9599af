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

/** What staff see in /staff/jobs: the message, not a stack trace, and never more than a screenful. */
export function describeJobError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
