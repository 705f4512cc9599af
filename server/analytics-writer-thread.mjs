import { superviseThread } from './supervised-thread.mjs';

/** Where the app finds the writer (lib/domain/analytics/analytics-services.ts, `analyticsReports`). */
const WRITER = Symbol.for('throughline:analytics-writer');

/**
 * The analytics writer (dist/analytics-writer.mjs, compiled from server/analytics-writer.ts) as a worker thread of the
 * web server's process. Page views and reading reports cost a request only a push onto an array here; once per turn of
 * the event loop they go to the thread in one message, and the thread does the rest (bots, device, country, the
 * visitor hash, the campaign, the INSERTs) on the other core. Done on the web server's thread, that work cost a third
 * of a cached page's rate (docs/performance.md, "Analytics"). The thread writes through a driver adapter's connection,
 * not a Prisma client, so it adds a few MiB, not 75.
 *
 * Publishes { pageView, reading, flush } on globalThis for the app, and returns { stop }: stop() writes what the
 * thread holds and resolves once it has ended (the web server awaits it before it exits on SIGTERM).
 */
export function startAnalyticsWriterThread({ entry, log }) {
  let reports = [];
  let sending = false;
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

  const send = () => {
    sending = false;
    if (reports.length === 0) return;
    // Lost when the thread is down (between a crash and its restart): analytics never hold up or fail a request.
    thread.post({ type: 'analytics:reports', reports });
    reports = [];
  };
  const add = (report) => {
    reports.push(report);
    if (!sending) {
      sending = true;
      setImmediate(send);
    }
  };

  globalThis[WRITER] = {
    current: {
      pageView: (report) => add({ kind: 'view', report }),
      reading: (report) => add({ kind: 'reading', report }),
      /** Resolves once the thread has written every report sent so far (or has ended). */
      flush() {
        send();
        const id = (nextFlush += 1);
        const done = new Promise((resolve) => flushed.set(id, resolve));
        if (!thread.post({ type: 'analytics:flush', id })) flushed.delete(id);
        return Promise.race([done, thread.ended()]);
      },
    },
  };

  return {
    async stop() {
      send();
      globalThis[WRITER] = { current: undefined };
      await thread.stop();
    },
  };
}
