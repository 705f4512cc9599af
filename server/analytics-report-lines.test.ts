import { describe, expect, it } from 'vitest';
import { createReportBuffer, reportLinesOf } from './analytics-report-buffer.mjs';
import { isViewLine, readingLine, reportOfLine, viewLine } from './analytics-report-lines.mjs';

const AT = new Date('2026-11-25T15:04:05.678Z');

/** `lines` as the writer thread reads them: through the web server's buffer. */
function linesOf(lines: string[]) {
  const held = createReportBuffer();
  for (const line of lines) held.add(line);
  const taken = held.take()!;
  return [...reportLinesOf(taken.buffer, taken.length)];
}

describe('analytics report lines', () => {
  it('carry page views and reading reports to the writer thread exactly, line breaks and tabs in a value included', () => {
    const view = {
      at: AT,
      path: '/insights/drum-buffer-rope',
      search: '?utm_source=news\nletter',
      referrer: 'https://example.org/caf\u00e9\tb',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      address: '203.0.113.7',
      source: 'browser' as const,
    };
    const bare = { at: AT, path: '/about', search: '', address: '2001:db8::1', source: 'server' as const };
    const reading = { at: AT, path: '/about', seconds: 95, scrollPercent: null, address: '203.0.113.7' };
    const lines = linesOf([viewLine(view), viewLine(bare), readingLine(reading)]);
    expect(lines.map(isViewLine)).toEqual([true, true, false]);
    expect(lines.map(reportOfLine)).toEqual([
      { kind: 'view', report: view },
      { kind: 'view', report: { ...bare, referrer: undefined, userAgent: undefined } },
      { kind: 'reading', report: { ...reading, userAgent: undefined } },
    ]);
  });

  it('give two views that differ only in their time the same body, and another to any other view', () => {
    const view = { at: AT, path: '/about', search: '', userAgent: 'Mozilla/5.0', address: '203.0.113.7', source: 'server' as const };
    const [first, later, elsewhere] = linesOf([
      viewLine(view),
      viewLine({ ...view, at: new Date(AT.getTime() + 900) }),
      viewLine({ ...view, path: '/services' }),
    ]);
    expect(later!.body).toBe(first!.body);
    expect([first!.at, later!.at]).toEqual([AT.getTime(), AT.getTime() + 900]);
    expect(elsewhere!.body).not.toBe(first!.body);
  });

  it('leave out a line without a time, and carry no report for a body that is not one', () => {
    const lines = linesOf([
      'not a line',
      '12x\tnot a time',
      `\t["view"]`,
      `${AT.getTime()}\tnot json`,
      `${AT.getTime()}\t["other",1]`,
      `${AT.getTime()}\t{"view":1}`,
    ]);
    expect(lines).toEqual([
      { at: AT.getTime(), body: 'not json' },
      { at: AT.getTime(), body: '["other",1]' },
      { at: AT.getTime(), body: '{"view":1}' },
    ]);
    expect(lines.map(reportOfLine)).toEqual([null, null, null]);
  });
});
