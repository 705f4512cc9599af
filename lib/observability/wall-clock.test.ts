import { afterEach, describe, expect, it, vi } from 'vitest';
import { wallClockIso, wallClockMs } from './wall-clock.mjs';

const NativeDate = globalThis.Date;
afterEach(() => {
  globalThis.Date = NativeDate;
});

describe('the wall clock as it was before Next wrapped Date (wall-clock.mjs)', () => {
  it('reads the time without going through a Date put in place after it was loaded, as Next puts its wrapper', () => {
    const wrapped = vi.fn(() => 0);
    // What Next does on load: a new global Date whose now() does its own work first.
    globalThis.Date = Object.assign(function Date1() {}, { now: wrapped }) as unknown as DateConstructor;
    const before = NativeDate.now();
    const [ms, iso] = [wallClockMs(), wallClockIso()];
    const after = NativeDate.now();
    expect(wrapped).not.toHaveBeenCalled();
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(NativeDate.parse(iso)).toBeGreaterThanOrEqual(before);
    expect(NativeDate.parse(iso)).toBeLessThanOrEqual(after);
  });
});
