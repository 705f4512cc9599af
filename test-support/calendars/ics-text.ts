/** Small iCalendar texts for tests: one calendar of the given VEVENTs (and VTIMEZONEs), CRLF line ends. */
export function icsCalendar(...components: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Throughline tests//EN', ...components, 'END:VCALENDAR', ''].join('\r\n');
}

export function icsEvent(uid: string, ...lines: string[]): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20300101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

/** A UTC date-time as iCalendar writes it: 20310304T150000Z. */
export function icsUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** A timed event at [start, end) in UTC, with extra property lines. */
export function icsTimedEvent(uid: string, start: Date, end: Date, ...lines: string[]): string {
  return icsEvent(uid, `DTSTART:${icsUtc(start)}`, `DTEND:${icsUtc(end)}`, ...lines);
}
