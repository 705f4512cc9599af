// How page views and reading reports travel from the web server's thread to the analytics writer's: one line each,
// made when the request is counted: the time in milliseconds, a tab, and the rest of the report as JSON. A line holds
// no pointers, so the collector of the web server's thread copies it cheaply while it waits to be sent; the reports
// themselves are garbage at once. JSON escapes line breaks and tabs, so lines join with "\n" into one string per
// message. The time comes first and apart because identical views differ only in it: the writer counts a repeated
// body without parsing it again (lib/domain/analytics/event-batch.ts, countView).

/** A page view (PageViewReport of lib/domain/analytics/event-batch.ts) as a line. */
export function viewLine({ at, path, search, referrer, userAgent, address, source }) {
  return `${at.getTime()}\t${JSON.stringify(['view', path, search, referrer ?? null, userAgent ?? null, address, source])}`;
}

/** A reading report (ReadingReport) as a line. */
export function readingLine({ at, path, seconds, scrollPercent, userAgent, address }) {
  return `${at.getTime()}\t${JSON.stringify(['reading', path, seconds, scrollPercent, userAgent ?? null, address])}`;
}

/** The lines of a message, each as its time and its body, not parsed yet; a line without a time is left out. */
export function linesOf(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    const at = tab > 0 ? Number(line.slice(0, tab)) : NaN;
    if (Number.isFinite(at)) lines.push({ at, body: line.slice(tab + 1) });
  }
  return lines;
}

/** Whether a line's body is a page view's (the rest are reading reports, or nothing). */
export const isViewLine = ({ body }) => body.startsWith('["view",');

/** The report a line carries, as `{ kind, report }`, or null when its body is not one. */
export function reportOfLine({ at, body }) {
  let fields;
  try {
    fields = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(fields)) return null;
  if (fields[0] === 'view') {
    const [, path, search, referrer, userAgent, address, source] = fields;
    return { kind: 'view', report: { at: new Date(at), path, search, referrer: referrer ?? undefined, userAgent: userAgent ?? undefined, address, source } };
  }
  if (fields[0] === 'reading') {
    const [, path, seconds, scrollPercent, userAgent, address] = fields;
    return { kind: 'reading', report: { at: new Date(at), path, seconds, scrollPercent, userAgent: userAgent ?? undefined, address } };
  }
  return null;
}
