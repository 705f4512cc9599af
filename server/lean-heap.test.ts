import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CHURN = path.resolve('test-support/heap-churn.mjs');
const LEAN_HEAP_MODULE = path.resolve('server/lean-heap.mjs');

/** The heap of a process that loads server/lean-heap.mjs first and then churns through a million objects. */
async function heapAfterChurn(leanHeap: 'on' | 'off') {
  const { stdout } = await run(process.execPath, [CHURN, LEAN_HEAP_MODULE], { env: { ...process.env, LEAN_HEAP: leanHeap } });
  return JSON.parse(stdout) as { heapTotalMiB: number; heapUsedMiB: number; kept: number };
}

describe('server/lean-heap.mjs', () => {
  it("keeps the heap far smaller around the same live objects than V8's defaults (LEAN_HEAP=off)", async () => {
    const [lean, standard] = await Promise.all([heapAfterChurn('on'), heapAfterChurn('off')]);
    expect([lean.kept, standard.kept]).toEqual([50_000, 50_000]);
    // Measured here: about 53 MiB against 101 MiB.
    expect(lean.heapTotalMiB).toBeLessThan(standard.heapTotalMiB * 0.75);
  }, 60_000);
});
