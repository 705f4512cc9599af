import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What the flags save is a figure, so it is measured where figures belong: `npm run bench -- footprint`, with and
// without LEAN_HEAP=off (docs/performance.md, "Footprint"). A heap size compared in a test depends on when V8's
// concurrent collector gets the CPU, and failed under CI's load. What is tested here is that the module asks V8 for
// exactly those flags, and only when it should.
async function flagsSetWith(leanHeap: string | undefined) {
  vi.resetModules();
  if (leanHeap === undefined) vi.stubEnv('LEAN_HEAP', undefined as unknown as string);
  else vi.stubEnv('LEAN_HEAP', leanHeap);
  const setFlags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
  setFlags.mockClear();
  await import('./lean-heap.mjs');
  return setFlags.mock.calls.map(([flag]) => flag);
}

describe('server/lean-heap.mjs', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('asks V8 to favour size and caps the semi-space by default and with LEAN_HEAP=on', async () => {
    const expected = ['--optimize-for-size', '--max-semi-space-size=1'];
    expect(await flagsSetWith(undefined)).toEqual(expected);
    expect(await flagsSetWith('on')).toEqual(expected);
  });

  it("keeps V8's defaults with LEAN_HEAP=off", async () => {
    expect(await flagsSetWith('off')).toEqual([]);
  });
});
