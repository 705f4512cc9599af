const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A publication date (`YYYY-MM-DD`, a calendar date stored as UTC) for people, machine-readable too. */
export function PublishedDate({ date }: { date: string }) {
  return <time dateTime={date}>{DATE.format(new Date(`${date}T00:00:00Z`))}</time>;
}
