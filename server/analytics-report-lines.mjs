// How page views and reading reports travel from the web server's thread to the analytics writer's: one line each,
// written into the off-heap buffer (analytics-report-buffer.mjs) field by field when the request is counted, so that
// neither a line nor the report outlives the request on the web server's heap. The time comes first and apart
// because identical views differ only in it: the writer counts a repeated body without reading it again
// (lib/domain/analytics/event-batch.ts, countView). A missing referrer or User-Agent is an empty field, as an empty
// one is: the batch treats them alike.

import { fieldsOf } from './analytics-report-buffer.mjs';

const VIEW = 'v';
const READING = 'r';
const SOURCES = new Set(['server', 'browser']);

/** Fields of a view's line (its kind first) and of a reading report's: each takes a tab, one code unit, in the buffer. */
const VIEW_FIELDS = 7;
const READING_FIELDS = 6;

/** Writes a page view (PageViewReport of lib/domain/analytics/event-batch.ts) into `held` (a report buffer). */
export function writeViewLine(held, { at, path, search, referrer = '', userAgent = '', address, source }) {
  const texts = VIEW.length + path.length + search.length + referrer.length + userAgent.length + address.length + source.length;
  held.startLine(at, VIEW_FIELDS + texts);
  held.field(VIEW);
  held.field(path);
  held.field(search);
  held.field(referrer);
  held.field(userAgent);
  held.field(address);
  held.field(source);
}

/** Writes a reading report (ReadingReport) into `held`. */
export function writeReadingLine(held, { at, path, seconds, scrollPercent, userAgent = '', address }) {
  const [secondsText, scrollText] = [String(seconds), scrollPercent === null ? '' : String(scrollPercent)];
  const texts = READING.length + path.length + secondsText.length + scrollText.length + userAgent.length + address.length;
  held.startLine(at, READING_FIELDS + texts);
  held.field(READING);
  held.field(path);
  held.field(secondsText);
  held.field(scrollText);
  held.field(userAgent);
  held.field(address);
}

const VIEW_START = `${VIEW}\t`;

/** Whether a line's body is a page view's (the rest are reading reports, or nothing). */
export const isViewLine = (body) => body.startsWith(VIEW_START);

const wholeNumber = (text) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/** The report a line (its time and body) carries, as `{ kind, report }`, or null when its body is not one. */
export function reportOfLine(at, body) {
  const fields = fieldsOf(body);
  if (fields[0] === VIEW && fields.length === VIEW_FIELDS) {
    const [, path, search, referrer, userAgent, address, source] = fields;
    if (!SOURCES.has(source)) return null;
    return { kind: 'view', report: { at, path, search, referrer: referrer || undefined, userAgent: userAgent || undefined, address, source } };
  }
  if (fields[0] === READING && fields.length === READING_FIELDS) {
    const [, path, secondsText, scrollText, userAgent, address] = fields;
    const [seconds, scrollPercent] = [wholeNumber(secondsText), scrollText === '' ? null : wholeNumber(scrollText)];
    if (seconds === null || (scrollText !== '' && scrollPercent === null)) return null;
    return { kind: 'reading', report: { at, path, seconds, scrollPercent, userAgent: userAgent || undefined, address } };
  }
  return null;
}
