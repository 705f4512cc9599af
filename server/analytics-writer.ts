/**
 * The analytics writer: a worker thread of the web server (server/analytics-writer-thread.mjs) that receives the page
 * views and reading reports of the requests, holds them in this thread's batch, works them out and writes them every
 * ANALYTICS_FLUSH_MS (lib/domain/analytics/event-batch.ts). Messages:
 *   analytics:reports { buffer, length }   reports to hold: lines as analytics-report-lines.mjs writes them, in the
 *                            first `length` bytes of a transferred ArrayBuffer (analytics-report-buffer.mjs);
 *   analytics:flush { id, now? }   write what is held now (as of `now`, an ISO time, when given), then answer
 *                            analytics:flushed { id } ("Update now" waits for it);
 *   analytics:stop           write what is held, then end (the web server is shutting down).
 * It imports no Prisma client: its writes go through a driver adapter's connection (lib/domain/analytics/analytics-sql.ts).
 */
import { parentPort } from 'node:worker_threads';
import { analyticsBatch } from '@/lib/domain/analytics/analytics-services';
import { analyticsSql } from '@/lib/domain/analytics/analytics-sql';
import { logger, routeConsoleToLogger } from '@/lib/observability/logger.mjs';
import { createReportReader } from './analytics-report-buffer.mjs';
import { isViewLine, reportOfLine } from './analytics-report-lines.mjs';
import { lowerThisThreadPriority } from './thread-priority.mjs';

/** How many nice steps the writer thread runs below the web server's (lowerThisThreadPriority). */
const WRITER_PRIORITY_STEPS = 10;

type WriterMessage =
  { type: 'analytics:reports'; buffer: ArrayBuffer; length: number } | { type: 'analytics:flush'; id: number; now?: string } | { type: 'analytics:stop' };

if (!parentPort) throw new Error('The analytics writer runs as a worker thread of the web server (server/analytics-writer-thread.mjs).');
const port = parentPort;

logger('analytics');
routeConsoleToLogger();
// Below the web server's thread: on a busy machine the writer's work (a few µs a view, mostly at each flush) waits for
// a moment when answering requests does not need the core, rather than taking it from them. Ten steps lower, it still
// gets about a tenth of a core against a busy thread: several times the 2–3 % the counting benchmark asks of it.
lowerThisThreadPriority(WRITER_PRIORITY_STEPS);
const batch = analyticsBatch();

const reader = createReportReader();

const viewOf = (body: string, at: number) => {
  const held = reportOfLine(at, body);
  return held?.kind === 'view' ? held.report : null;
};

/** A view's body is its key: a view repeated before the next write is counted without being read again. */
const holdLine = (at: number, body: string) => {
  if (isViewLine(body)) return batch.countView(body, at, viewOf);
  const held = reportOfLine(at, body);
  if (held?.kind === 'reading') batch.reading(held.report);
};

port.on('message', async (message: WriterMessage) => {
  switch (message.type) {
    case 'analytics:reports':
      reader.read(message.buffer, message.length, holdLine);
      return;
    case 'analytics:flush':
      await batch.flush(message.now ? new Date(message.now) : undefined);
      port.postMessage({ type: 'analytics:flushed', id: message.id });
      return;
    case 'analytics:stop':
      await batch.flush();
      // Nothing else holds the thread: once its connection and its port are closed, it ends.
      await analyticsSql()
        .then((sql) => sql.close())
        .catch(() => undefined);
      port.close();
      return;
  }
});
