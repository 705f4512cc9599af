import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatMoney } from './format';

describe('formatting for people', () => {
  it('gives file sizes in KB under a megabyte, in MB above', () => {
    expect([100, 2048, 655_360, 1024 * 1024, 1.5 * 1024 * 1024, 15 * 1024 * 1024].map(formatFileSize)).toEqual([
      '1 KB',
      '2 KB',
      '640 KB',
      '1 MB',
      '1.5 MB',
      '15 MB',
    ]);
  });

  it('formats money with its currency', () => {
    expect(formatMoney(1450, 'USD')).toBe('$1,450.00');
  });

  it('formats a moment in the zone it is given, with the zone named', () => {
    expect(formatDateTime('2026-11-24T15:00:00Z', 'America/New_York')).toBe('Nov 24, 2026, 10:00 AM EST');
    expect(formatDateTime('2026-11-24T15:00:00Z', 'Europe/Berlin')).toBe('Nov 24, 2026, 4:00 PM GMT+1');
  });
});
