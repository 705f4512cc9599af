import ICAL from 'ical.js';

// Plain TypeScript with relative imports and no test-runner imports: vitest (unit and http tiers) and Playwright
// both load it as it is.

export interface CalendarFacts {
  method: string;
  uid: string;
  sequence: number;
  dtstart: string;
  dtend: string;
  status: string;
}

/** What a calendar client reads from an invite: parsed with ical.js, times as UTC ISO strings. */
export function calendarFacts(ics: string): CalendarFacts {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    method: calendar.getFirstPropertyValue('method') as string,
    uid: event.getFirstPropertyValue('uid') as string,
    sequence: Number(event.getFirstPropertyValue('sequence')),
    dtstart: time('dtstart'),
    dtend: time('dtend'),
    status: event.getFirstPropertyValue('status') as string,
  };
}
