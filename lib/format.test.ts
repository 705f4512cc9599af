import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from './format';

describe('formatting for people', () => {
  it('formats money with its currency', () => {
    expect(formatMoney(1450, 'USD')).toBe('$1,450.00');
  });

  it('formats a moment in the firm time zone with the zone named', () => {
    expect(formatDateTime('2026-11-24T15:00:00Z')).toBe('Nov 24, 2026, 10:00 AM EST');
  });
});
