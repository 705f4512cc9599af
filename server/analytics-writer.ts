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
import { reportLinesOf } from './analytics-report-buffer.mjs';
import { isViewLine, reportOfLine, type ReportLine } from './analytics-report-lines.mjs';

type WriterMessage =
  { type: 'analytics:reports'; buffer: ArrayBuffer; length: number } | { type: 'analytics:flush'; id: number; now?: string } | { type: 'analytics:stop' };

if (!parentPort) throw new Error('The analytics writer runs as a worker thread of the web server (server/analytics-writer-thread.mjs).');
const port = parentPort;

logger('analytics');
routeConsoleToLogger();
const batch = analyticsBatch();

const viewOf = (line: ReportLine) => {
  const held = reportOfLine(line);
  return held?.kind === 'view' ? held.report : null;
};

port.on('message', async (message: WriterMessage) => {
  switch (message.type) {
    case 'analytics:reports':
      for (const line of reportLinesOf(message.buffer, message.length)) {
        // A view's body is its key: a view repeated before the next write is counted without being parsed again.
        if (isViewLine(line)) batch.countView(line.body, () => viewOf(line));
        else {
          const held = reportOfLine(line);
          if (held?.kind === 'reading') batch.reading(held.report);
        }
      }
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
