import { describe, expect, it } from 'vitest';
import { commitmentClock } from './commitment-clock';

const NOW = new Date('2026-11-24T15:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('commitmentClock', () => {
  it('counts down to the due time in the words of each kind', () => {
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'open', dueAt: minutes(130), keptAt: null }, NOW)).toEqual({
      text: 'reply due in 2 h 10 min',
      tone: 'due',
    });
    expect(commitmentClock({ kind: 'booking-decision', state: 'open', dueAt: minutes(45), keptAt: null }, NOW).text).toBe('decision due in 45 min');
    expect(commitmentClock({ kind: 'report-delivery', state: 'open', dueAt: minutes(3 * 24 * 60 + 60), keptAt: null }, NOW).text).toBe('report due in 3 d 1 h');
    expect(commitmentClock({ kind: 'website-audit', state: 'open', dueAt: minutes(0.5), keptAt: null }, NOW).text).toBe('audit due in less than a minute');
  });

  it('says how overdue an open or missed commitment is, from the due time itself', () => {
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'open', dueAt: minutes(-35), keptAt: null }, NOW)).toEqual({
      text: 'overdue by 35 min',
      tone: 'overdue',
    });
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'missed', dueAt: minutes(-125), keptAt: null }, NOW).text).toBe('overdue by 2 h 5 min');
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'open', dueAt: NOW, keptAt: null }, NOW).text).toBe('overdue by less than a minute');
  });

  it('says how a closed one ended', () => {
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'kept', dueAt: NOW, keptAt: minutes(-1) }, NOW)).toEqual({ text: 'kept on time', tone: 'kept' });
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'kept', dueAt: NOW, keptAt: NOW }, NOW).text).toBe('kept on time');
    expect(commitmentClock({ kind: 'inquiry-reply', state: 'kept', dueAt: minutes(-65), keptAt: NOW }, NOW)).toEqual({
      text: 'kept 1 h 5 min late',
      tone: 'late',
    });
    expect(commitmentClock({ kind: 'booking-decision', state: 'void', dueAt: minutes(60), keptAt: null }, NOW)).toEqual({
      text: 'no longer applies',
      tone: 'void',
    });
  });
});
