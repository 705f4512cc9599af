import { describe, expect, it } from 'vitest';
import { rangeOf, rangeQuery } from './analytics-range';

// Thursday 26 November 2026, the firm's today: passed in, never read from the clock.
const TODAY = '2026-11-26';

describe('the range /staff/analytics shows (rangeOf)', () => {
  it('is the last 30 days, today included, unless asked for another', () => {
    expect(rangeOf({}, TODAY)).toEqual({ from: '2026-10-28', to: TODAY, days: 30 });
    expect(rangeOf({ days: '7' }, TODAY)).toEqual({ from: '2026-11-20', to: TODAY, days: 7 });
    expect(rangeOf({ days: '1' }, TODAY)).toEqual({ from: TODAY, to: TODAY, days: 1 });
    expect(rangeOf({ days: '1098' }, TODAY)).toEqual({ from: '2023-11-25', to: TODAY, days: 1098 });
  });

  it('falls back to the last 30 days for a bad number of days or a bad date', () => {
    const lastThirty = { from: '2026-10-28', to: TODAY, days: 30 };
    for (const query of [
      { days: 'abc' },
      { days: '0' },
      { days: '-7' },
      { days: '7.5' },
      { days: '1099' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-11-01', to: 'tomorrow' },
      { from: '2026-11-01' },
      { to: '2026-11-10' },
    ]) {
      expect(rangeOf(query, TODAY), JSON.stringify(query)).toEqual(lastThirty);
    }
  });

  it('takes from and to as given, both included, and mends what cannot be meant', () => {
    expect(rangeOf({ from: '2026-11-01', to: '2026-11-10' }, TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-10', days: 10 });
    // A `to` in the future is today; a `from` after `to` is `to`.
    expect(rangeOf({ from: '2026-11-20', to: '2027-01-01' }, TODAY)).toEqual({ from: '2026-11-20', to: TODAY, days: 7 });
    expect(rangeOf({ from: '2027-01-01', to: '2027-02-01' }, TODAY)).toEqual({ from: TODAY, to: TODAY, days: 1 });
    expect(rangeOf({ from: '2026-11-20', to: '2026-11-10' }, TODAY)).toEqual({ from: '2026-11-10', to: '2026-11-10', days: 1 });
    // At most three years (3 × 366 days), ending at `to`.
    expect(rangeOf({ from: '2020-01-01', to: TODAY }, TODAY)).toEqual({ from: '2023-11-25', to: TODAY, days: 1098 });
    expect(rangeOf({ from: '2023-11-25', to: TODAY }, TODAY)).toEqual({ from: '2023-11-25', to: TODAY, days: 1098 });
  });

  it('is written in links as from and to', () => {
    expect(rangeQuery({ from: '2026-11-01', to: '2026-11-10' })).toBe('from=2026-11-01&to=2026-11-10');
  });
});
