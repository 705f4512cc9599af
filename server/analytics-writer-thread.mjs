import { createReportBuffer } from './analytics-report-buffer.mjs';
import { writeReadingLine, writeViewLine } from './analytics-report-lines.mjs';
import { superviseThread } from './supervised-thread.mjs';

/**
 * How long reports gather before they go to the thread in one message: 20 messages a second however busy the server,
 * where one per turn of the event loop would wake the thread thousands of times a second. A view waits at most this.
 */
const SEND_EVERY_MS = 50;

/**
 * Where the app finds the writer (lib/domain/analytics/analytics-services.ts, `analyticsReports`): one holder object
 * for the process, whose `current` is set and cleared, so the app can keep a reference to it (processSingleton's key).
 */
const WRITER = Symbol.for('throughline:analytics-writer');

/**
 * The analytics writer (dist/analytics-writer.mjs, compiled from server/analytics-writer.ts) as a worker thread of the
 * web server's process. Page views and reading reports cost a request only a line written field by field into a
 * buffer off the JavaScript heap (analytics-report-lines.mjs, analytics-report-buffer.mjs); every SEND_EVERY_MS the buffer goes to
 * the thread in one message, without a copy, and the thread does the rest (bots, device, country, the
 * visitor hash, the campaign, the INSERTs) on the other core. Done on the web server's thread, that work cost a third
 * of a cached page's rate (docs/performance.md, "Analytics"). The thread writes through a driver adapter's connection,
 * not a Prisma client, so it adds a few MiB, not 75.
 *
 * Publishes { pageView, reading, flush } on globalThis for the app, and returns { stop }: stop() writes what the
 * thread holds and resolves once it has ended (the web server awaits it before it exits on SIGTERM).
 */
export function startAnalyticsWriterThread({ entry, log }) {
  let timer = null;
  let nextFlush = 0;
  const flushed = new Map();

  const thread = superviseThread({
    entry,
    name: 'analytics writer',
    stopMessage: { type: 'analytics:stop' },
    log,
    onMessage: (message) => {
      if (message?.type !== 'analytics:flushed') return;
      flushed.get(message.id)?.();
      flushed.delete(message.id);
    },
  });

  // Lost when the thread is down (between a crash and its restart): analytics never hold up or fail a request.
  const post = (taken) => thread.post({ type: 'analytics:reports', buffer: taken.buffer, length: taken.length }, [taken.buffer]);
  // A buffer that is full goes at once; the line starts the next one.
  const held = createReportBuffer({ whenFull: post });
  const send = () => {
    clearTimeout(timer);
    timer = null;
    const taken = held.take();
    if (taken) post(taken);
  };
  const sendSoon = () => {
    timer ??= setTimeout(send, SEND_EVERY_MS).unref();
  };

  const holder = (globalThis[WRITER] ??= {});
  holder.current = {
    pageView(report) {
      writeViewLine(held, report);
      sendSoon();
    },
    reading(report) {
      writeReadingLine(held, report);
      sendSoon();
    },
    /**
     * Resolves once the thread has written every report sent so far (or has ended). `now` (a Date, the thread's clock
     * unless given) is the current time the thread writes at, which decides which days' salts may be made.
     */
    flush(now) {
      send();
      const id = (nextFlush += 1);
      const done = new Promise((resolve) => flushed.set(id, resolve));
      if (!thread.post({ type: 'analytics:flush', id, now: now?.toISOString() })) flushed.delete(id);
      return Promise.race([done, thread.ended()]);
    },
  };

  return {
    async stop() {
      send();
      holder.current = undefined;
      await thread.stop();
    },
  };
}
