// How page views and reading reports travel from the web server's thread to the analytics writer's: one JSON line
// each, made when the request is counted. A line holds no pointers, so the collector of the web server's thread
// (a small heap, collected often: server/lean-heap.mjs) copies it cheaply while it waits to be sent; the reports
// themselves are garbage at once. JSON escapes line breaks, so lines join with "\n" into one string per message.

/** A page view (PageViewReport of lib/domain/analytics/event-batch.ts) as a line. */
export function viewLine({ at, path, search, referrer, userAgent, address, source }) {
  return JSON.stringify(['view', at.getTime(), path, search, referrer ?? null, userAgent ?? null, address, source]);
}

/** A reading report (ReadingReport) as a line. */
export function readingLine({ at, path, seconds, scrollPercent, userAgent, address }) {
  return JSON.stringify(['reading', at.getTime(), path, seconds, scrollPercent, userAgent ?? null, address]);
}

/** The reports of a message's lines, each as `{ kind, report }`; a line that is not one is left out. */
export function reportsOfLines(text) {
  const reports = [];
  for (const line of text.split('\n')) {
    let fields;
    try {
      fields = JSON.parse(line);
    } catch {
      continue;
    }
    if (fields[0] === 'view') {
      const [, at, path, search, referrer, userAgent, address, source] = fields;
      reports.push({
        kind: 'view',
        report: { at: new Date(at), path, search, referrer: referrer ?? undefined, userAgent: userAgent ?? undefined, address, source },
      });
    } else if (fields[0] === 'reading') {
      const [, at, path, seconds, scrollPercent, userAgent, address] = fields;
      reports.push({ kind: 'reading', report: { at: new Date(at), path, seconds, scrollPercent, userAgent: userAgent ?? undefined, address } });
    }
  }
  return reports;
}
