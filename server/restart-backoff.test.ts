import { describe, expect, it } from 'vitest';
import { restartBackoff } from './restart-backoff.mjs';

describe('restartBackoff', () => {
  it('doubles the wait while crashes follow each other, up to a minute', () => {
    const backoff = restartBackoff();
    // Each crash 5 s after its start: none ran for a minute.
    expect(Array.from({ length: 9 }, (_, crash) => backoff.delayAfter(crash * 10_000, crash * 10_000 + 5_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('starts again from the first wait after a run of more than a minute, and not after exactly a minute', () => {
    const backoff = restartBackoff({ firstMs: 100 });
    expect([backoff.delayAfter(0, 10), backoff.delayAfter(20, 40), backoff.delayAfter(50, 60_050)]).toEqual([100, 200, 400]);
    expect(backoff.delayAfter(100_000, 160_001)).toBe(100);
    expect(backoff.delayAfter(200_000, 200_001)).toBe(200);
  });
});
