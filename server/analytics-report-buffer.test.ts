import { describe, expect, it } from 'vitest';
import { createReportBuffer, createReportReader, fieldsOf, type TakenReports } from './analytics-report-buffer.mjs';

const textOf = ({ buffer, length }: TakenReports) => Buffer.from(buffer, 0, length).toString('utf8');

/** Writes a line of `fields` at `at` into `held`, counting its units as the line writers do. */
const line = (held: ReturnType<typeof createReportBuffer>, at: number, fields: string[]) => {
  held.startLine(
    at,
    fields.reduce((units, field) => units + field.length + 1, 0),
  );
  for (const field of fields) held.field(field);
};

describe('the report buffer of the web server (server/analytics-report-buffer.mjs)', () => {
  it('writes each line as its time and its fields after tabs, joined by line breaks, non-ASCII text included, and is empty after', () => {
    const held = createReportBuffer({ capacity: 128 });
    expect(held.take()).toBeNull();
    line(held, 1764083045678, ['v', '/about']);
    line(held, 7, ['v', '/caf\u00e9', 'ua \u2603']);
    const taken = held.take()!;
    expect(textOf(taken)).toBe('1764083045678\tv\t/about\n7\tv\t/caf\u00e9\tua \u2603');
    expect(taken.length).toBe(40);
    expect(held.take()).toBeNull();
  });

  it('escapes tabs, line breaks and backslashes in a field, and fieldsOf gives the fields back exactly', () => {
    const held = createReportBuffer();
    const fields = ['v', 'a\tb', 'two\nlines', 'back\\slash\\t', '', 'plain'];
    line(held, 1, fields);
    const taken = held.take()!;
    expect(textOf(taken)).toBe('1\tv\ta\\tb\ttwo\\nlines\tback\\\\slash\\\\t\t\tplain');
    const lines: [number, string][] = [];
    createReportReader().read(taken.buffer, taken.length, (at, body) => lines.push([at, body]));
    expect(lines).toEqual([[1, 'v\ta\\tb\ttwo\\nlines\tback\\\\slash\\\\t\t\tplain']]);
    expect(fieldsOf(lines[0]![1])).toEqual(fields);
  });

  it('hands what it holds to whenFull before a line that might not fit, and takes any line into an empty buffer, longer than a buffer too', () => {
    const sent: string[] = [];
    const held = createReportBuffer({ capacity: 64, whenFull: (taken) => sent.push(textOf(taken)) });
    line(held, 1, ['x'.repeat(10)]);
    // 12 bytes held, 52 left; a line of 11 units (a tab and 10 characters) may need 11 × 3 + 17 = 50 bytes.
    line(held, 2, ['y'.repeat(10)]);
    expect(sent).toEqual([]);
    // 25 bytes held, 39 left: a line of 7 units may need 38, so it fits; then 34 held, and the next one does not.
    line(held, 3, ['z'.repeat(6)]);
    expect(sent).toEqual([]);
    line(held, 4, ['w'.repeat(6)]);
    expect(sent).toEqual([`1\t${'x'.repeat(10)}\n2\t${'y'.repeat(10)}\n3\t${'z'.repeat(6)}`]);
    const long = '\u00e9'.repeat(100);
    line(held, 5, [long]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(`4\t${'w'.repeat(6)}`);
    const taken = held.take()!;
    expect([taken.length, textOf(taken)]).toEqual([202, `5\t${long}`]);
  });

  it('hands over a buffer of its own each time, so a transferred one is never written again', () => {
    const held = createReportBuffer({ capacity: 64 });
    line(held, 1, ['first']);
    const first = held.take()!;
    line(held, 2, ['second']);
    const second = held.take()!;
    expect(second.buffer).not.toBe(first.buffer);
    expect([textOf(first), textOf(second)]).toEqual(['1\tfirst', '2\tsecond']);
  });

  it('gives a repeated line back as it was written, with a cache of one body and with bodies it does not keep', () => {
    const held = createReportBuffer();
    // A body longer than the reader keeps (1,024 bytes) is read each time, as one with a non-ASCII character is.
    const long = `/${'x'.repeat(2000)}`;
    const texts = ['/about', '/caf\u00e9', '/about', '/caf\u00e9', long, '/services', long, '/about'];
    texts.forEach((path, index) => line(held, index, ['v', path]));
    const taken = held.take()!;
    const bodies: string[] = [];
    // One known body at most: every new body pushes out the last, so a repeat must still match its bytes.
    const reader = createReportReader({ knownBodies: 1 });
    reader.read(taken.buffer, taken.length, (_, body) => bodies.push(body));
    expect(bodies).toEqual(texts.map((path) => `v\t${path}`));
    const again: string[] = [];
    createReportReader().read(taken.buffer, taken.length, (_, body) => again.push(body));
    expect(again).toEqual(bodies);
  });

  it('tells apart two lines whose bytes differ but whose hashes are the same', () => {
    // These two bodies have the same 32-bit FNV-1a hash (found by search): the second must not get the first one's string.
    const [first, second] = ['/p149599', '/p312382'];
    const held = createReportBuffer();
    [first, second, first, second].forEach((path, index) => line(held, index, ['v', path]));
    const taken = held.take()!;
    const bodies: string[] = [];
    createReportReader().read(taken.buffer, taken.length, (_, body) => bodies.push(body));
    expect(bodies).toEqual([`v\t${first}`, `v\t${second}`, `v\t${first}`, `v\t${second}`]);
  });
});
