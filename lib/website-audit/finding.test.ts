import { describe, expect, it } from 'vitest';
import { EVIDENCE_MAX_CHARS, quote, quotedList } from './finding';

describe('evidence helpers', () => {
  it('quotes text with whitespace collapsed, cut with an ellipsis, and null when empty', () => {
    expect(quote('  Book   your\n visit ')).toBe('Book your visit');
    expect(quote('')).toBeNull();
    expect(quote(null)).toBeNull();
    const long = quote('word '.repeat(100));
    expect(long).toHaveLength(EVIDENCE_MAX_CHARS);
    expect(long?.endsWith('…')).toBe(true);
  });

  it('lists labels readably', () => {
    expect(quotedList(['Book'])).toBe('“Book”');
    expect(quotedList(['Book', 'Call'])).toBe('“Book” and “Call”');
    expect(quotedList(['A', 'B', 'C', 'D'], 2)).toBe('“A”, “B” and 2 more');
  });
});
