import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '@/test-support/eventually';
import { restartBackoff } from './restart-backoff.mjs';
import { superviseThread } from './supervised-thread.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'supervised-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A thread that dies (exit code 3) the first time it runs, and says "up" from then on; on its stop message it says
 * "stopping" and ends. Whether it ran before is kept in a file, since each start is a new thread.
 */
function crashOnceEntry() {
  const marker = path.join(dir, 'ran-before');
  const entry = path.join(dir, 'crash-once.mjs');
  writeFileSync(
    entry,
    `import { existsSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
if (!existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, ''); process.exit(3); }
parentPort.postMessage('up');
parentPort.on('message', (message) => { if (message === 'stop') { parentPort.postMessage('stopping'); parentPort.close(); } });`,
  );
  return entry;
}

describe('superviseThread (server/supervised-thread.mjs)', () => {
  it('restarts a thread that died, after the back-off, and on stop lets it finish and does not restart it', async () => {
    const messages: unknown[] = [];
    const logged: string[] = [];
    const supervised = superviseThread({
      entry: crashOnceEntry(),
      name: 'test',
      stopMessage: 'stop',
      onMessage: (message) => messages.push(message),
      log: (line) => logged.push(line),
      backoff: restartBackoff({ firstMs: 20 }),
    });
    await until(async () => messages.includes('up'), 'the restarted thread');
    expect(logged).toEqual(['test thread exited (3); restarting in 20 ms']);
    expect(supervised.post('hello')).toBe(true);
    await supervised.stop();
    expect(messages).toEqual(['up', 'stopping']);
    expect(supervised.post('after')).toBe(false);
    // Ended for good: no restart follows.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).toHaveLength(1);
  });
});
