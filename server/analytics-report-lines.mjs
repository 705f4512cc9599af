// How page views and reading reports travel from the web server's thread to the analytics writer's: one line each,
// made when the request is counted: the time in milliseconds, a tab, and the rest of the report as JSON. The line is
// written into an off-heap buffer at once (analytics-report-buffer.mjs, which also reads the lines back as
// `{ at, body }`), so neither it nor the report outlives the request on the web server's heap. JSON escapes line
// breaks and tabs, so lines are joined with "\n". The time comes first and apart because identical views differ only
// in it: the writer counts a repeated body without parsing it again (lib/domain/analytics/event-batch.ts, countView).

/** A page view (PageViewReport of lib/domain/analytics/event-batch.ts) as a line. */
export function viewLine({ at, path, search, referrer, userAgent, address, source }) {
  return `${at.getTime()}\t${JSON.stringify(['view', path, search, referrer ?? null, userAgent ?? null, address, source])}`;
}

/** A reading report (ReadingReport) as a line. */
export function readingLine({ at, path, seconds, scrollPercent, userAgent, address }) {
  return `${at.getTime()}\t${JSON.stringify(['reading', path, seconds, scrollPercent, userAgent ?? null, address])}`;
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
