import { describe, expect, it } from 'vitest';
import { nextMondayMorning, recurringJobs } from './recurring-jobs';

const ZONE = 'America/New_York';

describe('nextMondayMorning (the weekly digest)', () => {
  it('is the next Monday at 08:00 firm time, from any day', () => {
    // Mon 16 Nov 2026 … Sun 22 Nov: the next one is Mon 23 Nov 08:00 EST (13:00Z), except on Monday before 08:00.
    expect(nextMondayMorning(new Date('2026-11-16T12:59:59Z'), ZONE).toISOString()).toBe('2026-11-16T13:00:00.000Z');
    for (const day of ['2026-11-16T13:00:00Z', '2026-11-17T12:00:00Z', '2026-11-18T12:00:00Z', '2026-11-20T23:30:00Z', '2026-11-22T23:59:00Z']) {
      expect(nextMondayMorning(new Date(day), ZONE).toISOString(), day).toBe('2026-11-23T13:00:00.000Z');
    }
  });

  it('stays at 08:00 on the wall clock across daylight saving time', () => {
    expect(nextMondayMorning(new Date('2026-03-04T17:00:00Z'), ZONE).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(nextMondayMorning(new Date('2026-10-28T16:00:00Z'), ZONE).toISOString()).toBe('2026-11-02T13:00:00.000Z');
  });
});

describe('recurringJobs', () => {
  it('watches commitments every COMMITMENT_CHECK_SECONDS (60) on the shared grid, beside the sweeps', () => {
    const now = new Date('2026-11-18T17:00:30Z');
    expect(recurringJobs().map((job) => [job.type, job.nextSlot(now).toISOString()])).toEqual([
      ['checkout.expire-overdue', '2026-11-18T17:01:00.000Z'],
      ['maintenance.prune', '2026-11-18T18:00:00.000Z'],
      ['commitments.watch', '2026-11-18T17:01:00.000Z'],
      ['commitments.weekly-digest', '2026-11-23T13:00:00.000Z'],
    ]);
  });
});
