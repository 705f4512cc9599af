import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** The nice value of the calling thread, from /proc (field 19 of its stat line). */
const niceOfThisThread = () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

describe.runIf(process.platform === 'linux')('lowerThisThreadPriority (server/thread-priority.mjs)', () => {
  it('lowers the priority of the thread that calls it, and of no other thread of the process', async () => {
    const before = niceOfThisThread();
    const url = new URL('./thread-priority.mjs', import.meta.url).href;
    const worker = new Worker(
      `import(${JSON.stringify(url)}).then(({ lowerThisThreadPriority }) => {
        const { readFileSync } = require('node:fs');
        const changed = lowerThisThreadPriority(10);
        const nice = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
        require('node:worker_threads').parentPort.postMessage({ changed, nice });
      });`,
      { eval: true },
    );
    const answer = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    // From where the process is (0 unless started lower), never past 19.
    const expected = Math.min(19, before + 10);
    expect(answer).toEqual({ changed: expected, nice: expected });
    expect(niceOfThisThread()).toBe(before);
  });
});
