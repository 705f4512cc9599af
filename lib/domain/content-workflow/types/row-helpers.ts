/**
 * When an item that goes live went live: a published one keeps its date (a correction is not news), one published
 * again or for the first time goes live now. Tables that never stored a date (imported rows) keep none.
 */
export function publishedAtOnPublish(existing: { status: string; publishedAt: Date | null } | null, now: Date): Date | null {
  return existing?.status === 'published' ? existing.publishedAt : now;
}

/** A copy of `rows` with `row` in place of the one with its id, or added. */
export function withRow<T extends { id: string }>(rows: readonly T[], row: T): T[] {
  const index = rows.findIndex((existing) => existing.id === row.id);
  return index === -1 ? [...rows, row] : rows.map((existing, i) => (i === index ? row : existing));
}
