import { describe, expect, it } from 'vitest';
import { RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from './retry-backoff';

describe('retry backoff', () => {
  it('doubles each step, with half of it random', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(3, () => 0.5)).toBe(15_000);
    expect(RETRY_BASE_MS).toBe(5_000);
  });

  it('never waits longer than the cap, however many attempts', () => {
    expect(retryDelayMs(30, () => 1)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(30, () => 0)).toBe(RETRY_CAP_MS / 2);
  });
});
