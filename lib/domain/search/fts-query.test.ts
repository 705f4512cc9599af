import { describe, expect, it } from 'vitest';
import { toFtsMatchExpression } from './fts-query';

describe('toFtsMatchExpression', () => {
  it('quotes each word as a prefix term', () => {
    expect(toFtsMatchExpression('Drum Buffer rope')).toBe('"drum"* "buffer"* "rope"*');
  });

  it('drops operators, quotes and wildcards so they are plain text', () => {
    expect(toFtsMatchExpression('"a" OR title:b* NEAR(c) %_')).toBe('"a"* "or"* "title"* "b"* "near"* "c"*');
  });

  it('returns null when no word remains', () => {
    expect(toFtsMatchExpression('%_*"()')).toBeNull();
  });

  it('keeps letters of any script and caps the number of terms', () => {
    expect(toFtsMatchExpression('Engpaß Durchsatz')).toBe('"engpaß"* "durchsatz"*');
    const many = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    expect(toFtsMatchExpression(many)!.split(' ')).toHaveLength(24);
  });
});
