import { describe, expect, it } from 'vitest';
import { formatDuration } from './durations';

const MIN = 60_000;

describe('formatDuration', () => {
  it('reads like a clock, rounded down to the minute, whichever the sign', () => {
    expect(formatDuration(59_999)).toBe('less than a minute');
    expect(formatDuration(MIN)).toBe('1 min');
    expect(formatDuration(35 * MIN + 59_000)).toBe('35 min');
    expect(formatDuration(-35 * MIN)).toBe('35 min');
    expect(formatDuration(60 * MIN)).toBe('1 h');
    expect(formatDuration(130 * MIN)).toBe('2 h 10 min');
    expect(formatDuration(24 * 60 * MIN)).toBe('1 d');
    expect(formatDuration((3 * 24 + 4) * 60 * MIN + 59 * MIN)).toBe('3 d 4 h');
  });
});
