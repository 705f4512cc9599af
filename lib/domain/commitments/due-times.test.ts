import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { bookingDecisionDue, reportDeliveryDue, websiteAuditDue } from './due-times';

const ZONE = 'America/New_York';
/** The firm's calendar of the tests: Monday to Friday, 09:00 to 17:00 New York time, closed on Thanksgiving 2026. */
const calendar = {
  zone: ZONE,
  openMinute: 9 * 60,
  closeMinute: 17 * 60,
  workingDays: new Set([1, 2, 3, 4, 5]),
  closedDates: new Set(['2026-11-26']),
};

/** A firm-local wall-clock time ("2026-11-16T10:00") as an instant. */
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();
/** An instant as firm-local wall-clock time with its offset, for readable failures. */
const local = (date: Date) => DateTime.fromJSDate(date, { zone: ZONE }).toFormat("ccc yyyy-MM-dd'T'HH:mm ZZ");

/** Far enough away never to cap the decision. */
const LATER = at('2027-06-01T10:00');

describe('bookingDecisionDue: 8 business hours, never after the requested time', () => {
  it('falls on the next working day at the same time, from every day of the week', () => {
    const cases: [string, string][] = [
      ['2026-11-16T10:00', 'Tue 2026-11-17T10:00 -05:00'],
      ['2026-11-17T10:00', 'Wed 2026-11-18T10:00 -05:00'],
      ['2026-11-18T10:00', 'Thu 2026-11-19T10:00 -05:00'],
      ['2026-11-19T10:00', 'Fri 2026-11-20T10:00 -05:00'],
      ['2026-11-20T10:00', 'Mon 2026-11-23T10:00 -05:00'],
      // Asked at the weekend: the working day starts Monday at opening.
      ['2026-11-21T10:00', 'Mon 2026-11-23T17:00 -05:00'],
      ['2026-11-22T10:00', 'Mon 2026-11-23T17:00 -05:00'],
    ];
    for (const [requested, due] of cases) expect(local(bookingDecisionDue(at(requested), LATER, 8, calendar)), requested).toBe(due);
  });

  it('counts Friday evening from Monday morning, and skips a holiday', () => {
    expect(local(bookingDecisionDue(at('2026-11-20T18:30'), LATER, 8, calendar))).toBe('Mon 2026-11-23T17:00 -05:00');
    expect(local(bookingDecisionDue(at('2026-11-25T10:00'), LATER, 8, calendar))).toBe('Fri 2026-11-27T10:00 -05:00');
  });

  it('keeps its wall-clock time across a change of daylight saving time', () => {
    expect(local(bookingDecisionDue(at('2026-03-06T10:00'), LATER, 8, calendar))).toBe('Mon 2026-03-09T10:00 -04:00');
    expect(local(bookingDecisionDue(at('2026-10-30T10:00'), LATER, 8, calendar))).toBe('Mon 2026-11-02T10:00 -05:00');
  });

  it('is never after the time the booker asked for, and follows the configured hours', () => {
    expect(local(bookingDecisionDue(at('2026-11-20T18:30'), at('2026-11-23T11:00'), 8, calendar))).toBe('Mon 2026-11-23T11:00 -05:00');
    expect(local(bookingDecisionDue(at('2026-11-16T10:00'), LATER, 4, calendar))).toBe('Mon 2026-11-16T14:00 -05:00');
    expect(local(bookingDecisionDue(at('2026-11-16T10:00'), LATER, 16, calendar))).toBe('Wed 2026-11-18T10:00 -05:00');
  });
});

describe('reportDeliveryDue: five business days a week of the service timeline', () => {
  it('falls five business days after payment, from every day of the week', () => {
    const cases: [string, string][] = [
      ['2026-11-09T14:00', 'Mon 2026-11-16T14:00 -05:00'],
      ['2026-11-10T14:00', 'Tue 2026-11-17T14:00 -05:00'],
      ['2026-11-11T14:00', 'Wed 2026-11-18T14:00 -05:00'],
      ['2026-11-12T14:00', 'Thu 2026-11-19T14:00 -05:00'],
      ['2026-11-13T14:00', 'Fri 2026-11-20T14:00 -05:00'],
      // Paid at the weekend: five whole business days from Monday morning, so by Friday's close.
      ['2026-11-14T14:00', 'Fri 2026-11-20T17:00 -05:00'],
      ['2026-11-15T14:00', 'Fri 2026-11-20T17:00 -05:00'],
    ];
    for (const [paid, due] of cases) expect(local(reportDeliveryDue(at(paid), 1, calendar)), paid).toBe(due);
  });

  it('gives a day more over a holiday, counts Friday evening from Monday, and follows daylight saving time both ways', () => {
    expect(local(reportDeliveryDue(at('2026-11-19T14:00'), 1, calendar))).toBe('Fri 2026-11-27T14:00 -05:00');
    expect(local(reportDeliveryDue(at('2026-11-20T18:00'), 1, calendar))).toBe('Mon 2026-11-30T17:00 -05:00');
    // Spring forward (Sunday 8 March) and fall back (Sunday 1 November): the same wall-clock time a week on.
    expect(local(reportDeliveryDue(at('2026-03-04T10:00'), 1, calendar))).toBe('Wed 2026-03-11T10:00 -04:00');
    expect(local(reportDeliveryDue(at('2026-10-28T10:00'), 1, calendar))).toBe('Wed 2026-11-04T10:00 -05:00');
  });

  it('scales with the weeks of the timeline (at least one)', () => {
    expect(local(reportDeliveryDue(at('2026-11-02T14:00'), 2, calendar))).toBe('Mon 2026-11-16T14:00 -05:00');
    expect(local(reportDeliveryDue(at('2026-11-09T14:00'), 0, calendar))).toBe('Mon 2026-11-16T14:00 -05:00');
  });
});

describe('websiteAuditDue', () => {
  it('is the expected minutes after the audit was queued, on any day, the clock not the calendar', () => {
    expect(websiteAuditDue(new Date('2026-11-21T23:50:00Z'), 30).toISOString()).toBe('2026-11-22T00:20:00.000Z');
    // The night the clocks go back: 30 real minutes.
    expect(websiteAuditDue(new Date('2026-11-01T05:45:00Z'), 30).toISOString()).toBe('2026-11-01T06:15:00.000Z');
  });
});
