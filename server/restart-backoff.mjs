/**
 * When to restart something that crashed while the web server keeps serving (the job runner as a process under the
 * test servers, serve.mjs; the runner and analytics threads, supervised-thread.mjs): after `firstMs`, doubling up to
 * `maxMs` while crashes follow each other, and after `firstMs` again once it had run for `stableMs` (a crash then is a
 * new problem). `delayAfter(startedAt, now)` answers the wait for a crash of what was started at `startedAt`.
 */
export function restartBackoff({ firstMs = 1000, maxMs = 60_000, stableMs = 60_000 } = {}) {
  let next = firstMs;
  return {
    delayAfter(startedAt, now = Date.now()) {
      if (now - startedAt > stableMs) next = firstMs;
      const delay = next;
      next = Math.min(next * 2, maxMs);
      return delay;
    },
  };
}
