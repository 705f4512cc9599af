import { describe, expect, it } from 'vitest';
import type { PageViewReport, ReadingReport } from '@/lib/domain/analytics/event-batch';
import { createReportBuffer, createReportReader } from './analytics-report-buffer.mjs';
import { isViewLine, reportOfLine, writeReadingLine, writeViewLine } from './analytics-report-lines.mjs';

const AT = Date.parse('2026-11-25T15:04:05.678Z');

type Report = { view: PageViewReport } | { reading: ReadingReport };

/** `reports` as the writer thread reads them: written into the web server's buffer, then read back from its bytes. */
function linesOf(reports: Report[]) {
  const held = createReportBuffer();
  for (const report of reports) {
    if ('view' in report) writeViewLine(held, report.view);
    else writeReadingLine(held, report.reading);
  }
  const taken = held.take()!;
  return read(taken.buffer, taken.length);
}

/** The lines of a buffer as the writer thread's reader gives them. */
function read(buffer: ArrayBuffer, length: number) {
  const lines: { at: number; body: string }[] = [];
  createReportReader().read(buffer, length, (at, body) => lines.push({ at, body }));
  return lines;
}

const reportsOf = (lines: { at: number; body: string }[]) => lines.map(({ at, body }) => reportOfLine(at, body));

/** Lines written as they are, for what the writer must refuse. */
function rawLinesOf(texts: string[]) {
  const buffer = Buffer.from(texts.join('\n'));
  return read(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length), buffer.length);
}

describe('analytics report lines', () => {
  it('carry page views and reading reports to the writer thread exactly, line breaks, tabs and backslashes in a value included', () => {
    const view = {
      at: AT,
      path: '/insights/drum-buffer-rope',
      search: '?utm_source=news\nletter',
      referrer: 'https://example.org/caf\u00e9\tb\\n',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      address: '203.0.113.7',
      source: 'browser' as const,
    };
    const bare = { at: AT, path: '/about', search: '', address: '2001:db8::1', source: 'server' as const };
    const reading = { at: AT, path: '/about', seconds: 95, scrollPercent: null, address: '203.0.113.7' };
    const scrolled = { ...reading, scrollPercent: 80, userAgent: 'Mozilla/5.0' };
    const lines = linesOf([{ view }, { view: bare }, { reading }, { reading: scrolled }]);
    expect(lines.map(({ body }) => isViewLine(body))).toEqual([true, true, false, false]);
    expect(reportsOf(lines)).toEqual([
      { kind: 'view', report: view },
      { kind: 'view', report: { ...bare, referrer: undefined, userAgent: undefined } },
      { kind: 'reading', report: { ...reading, userAgent: undefined } },
      { kind: 'reading', report: scrolled },
    ]);
  });

  it('give two views that differ only in their time the same body, and another to any other view', () => {
    const view = { at: AT, path: '/about', search: '', userAgent: 'Mozilla/5.0', address: '203.0.113.7', source: 'server' as const };
    const [first, later, elsewhere] = linesOf([{ view }, { view: { ...view, at: AT + 900 } }, { view: { ...view, path: '/services' } }]);
    expect(later!.body).toBe(first!.body);
    expect([first!.at, later!.at]).toEqual([AT, AT + 900]);
    expect(elsewhere!.body).not.toBe(first!.body);
  });

  it('leave out a line without a time, and carry no report for a body that is not one', () => {
    const lines = rawLinesOf([
      'not a line',
      '12x\tnot a time',
      `\tv\t/about`,
      `${AT}\tnot a report`,
      `${AT}\tv\t/about\t\t\t\t203.0.113.7`,
      `${AT}\tv\t/about\t\t\t\t203.0.113.7\tsomewhere`,
      `${AT}\tr\t/about\tninety\t\t\t203.0.113.7`,
      `${AT}\tr\t/about\t95\tall\t\t203.0.113.7`,
    ]);
    expect(lines.map(({ at }) => at)).toEqual([AT, AT, AT, AT, AT]);
    expect(reportsOf(lines)).toEqual([null, null, null, null, null]);
  });
});
