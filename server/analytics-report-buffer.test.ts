import { describe, expect, it } from 'vitest';
import { createReportBuffer } from './analytics-report-buffer.mjs';

const textOf = (buffer: ArrayBuffer, length: number) => Buffer.from(buffer, 0, length).toString('utf8');

describe('the report buffer of the web server (server/analytics-report-buffer.mjs)', () => {
  it('gives back the lines it was given, joined by line breaks, non-ASCII text included, and is empty after', () => {
    const held = createReportBuffer(128);
    expect(held.take()).toBeNull();
    for (const line of ['1\t["view","/about"]', '2\t["view","/caf\u00e9","ua \u2603"]']) {
      expect(held.fits(line)).toBe(true);
      held.add(line);
    }
    const taken = held.take()!;
    expect(taken.length).toBe(48);
    expect(textOf(taken.buffer, taken.length)).toBe('1\t["view","/about"]\n2\t["view","/caf\u00e9","ua \u2603"]');
    expect(held.take()).toBeNull();
  });

  it('says a line does not fit once it could outgrow the room left, and takes any line into an empty buffer, longer than a buffer too', () => {
    const held = createReportBuffer(64);
    held.add('x'.repeat(30));
    // 30 bytes held; a line of 11 units may need 34 bytes with its line break: exactly the 34 left.
    expect(held.fits('y'.repeat(11))).toBe(true);
    expect(held.fits('y'.repeat(12))).toBe(false);
    expect(textOf(...(Object.values(held.take()!) as [ArrayBuffer, number]))).toBe('x'.repeat(30));
    const long = '\u00e9'.repeat(100);
    expect(held.fits(long)).toBe(true);
    held.add(long);
    const taken = held.take()!;
    expect([taken.length, textOf(taken.buffer, taken.length)]).toEqual([200, long]);
  });

  it('hands over a buffer of its own each time, so a transferred one is never written again', () => {
    const held = createReportBuffer(64);
    held.add('first');
    const first = held.take()!;
    held.add('second');
    const second = held.take()!;
    expect(second.buffer).not.toBe(first.buffer);
    expect([textOf(first.buffer, first.length), textOf(second.buffer, second.length)]).toEqual(['first', 'second']);
  });
});
