import { describe, expect, it } from 'vitest';
import { readingLine, reportsOfLines, viewLine } from './analytics-report-lines.mjs';

const AT = new Date('2026-11-25T15:04:05.678Z');

describe('analytics report lines', () => {
  it('carry page views and reading reports to the writer thread exactly, line breaks and tabs in a value included', () => {
    const view = {
      at: AT,
      path: '/insights/drum-buffer-rope',
      search: '?utm_source=news\nletter',
      referrer: 'https://example.org/a\tb',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      address: '203.0.113.7',
      source: 'browser' as const,
    };
    const bare = { at: AT, path: '/about', search: '', address: '2001:db8::1', source: 'server' as const };
    const reading = { at: AT, path: '/about', seconds: 95, scrollPercent: null, address: '203.0.113.7' };
    const text = [viewLine(view), viewLine(bare), readingLine(reading)].join('\n');
    expect(reportsOfLines(text)).toEqual([
      { kind: 'view', report: view },
      { kind: 'view', report: { ...bare, referrer: undefined, userAgent: undefined } },
      { kind: 'reading', report: { ...reading, userAgent: undefined } },
    ]);
  });

  it('leaves out a line that is not a report', () => {
    expect(reportsOfLines(['not json', '["other",1]', viewLine({ at: AT, path: '/', search: '', address: '::1', source: 'server' })].join('\n'))).toEqual([
      { kind: 'view', report: { at: AT, path: '/', search: '', referrer: undefined, userAgent: undefined, address: '::1', source: 'server' } },
    ]);
  });
});
