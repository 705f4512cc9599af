import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './parse-search-query';
import type { SearchTerm } from './search-query';
import type { VocabularyRead, VocabularyRow } from './typed-word';
import { MAX_TYPED_WORD_COMPLETIONS, matchesSomething, matchTypedWord, matchTypedWordOf, typedAlternatives } from './typed-word';

const vocabulary = (...pairs: [string, string | null][]) => pairs.map(([word, stem]) => ({ word, stem }));

describe('matchTypedWord', () => {
  it('names the words whose stem is shorter than the typed text, beside the prefix the index keeps as typed', () => {
    // "evaporat" is its own stem, and no stem begins with it: "evaporating" and "evaporation" are both "evapor".
    const words = vocabulary(['evaporating', 'evapor'], ['evaporation', 'evapor'], ['evaporator', 'evaporat']);
    expect(matchTypedWord('evaporat', { typedStem: 'evaporat', words })).toEqual({ prefix: true, words: ['evaporating'] });
  });

  it('lets the prefix alone answer when every stem begins with the typed text', () => {
    const words = vocabulary(['buffer', 'buffer'], ['buffered', 'buffer'], ['buffers', 'buffer']);
    expect(matchTypedWord('buf', { typedStem: 'buf', words })).toEqual({ prefix: true, words: [] });
  });

  it('drops the prefix when the index would stem the typed text, so "constrained" never finds "constraint"', () => {
    const words = vocabulary(['constrained', 'constrain']);
    expect(matchTypedWord('constrained', { typedStem: 'constrain', words })).toEqual({ prefix: false, words: ['constrained'] });
  });

  it('keeps the typed text as a whole word when no article writes it that way ("charts" where they say "chart")', () => {
    expect(matchTypedWord('charts', { typedStem: 'chart', words: [] })).toEqual({ prefix: false, words: ['charts'] });
    expect(matchTypedWord('bottlenecks', { typedStem: 'bottleneck', words: vocabulary(['bottlenecks', 'bottleneck']) })).toEqual({
      prefix: false,
      words: ['bottlenecks'],
    });
  });

  it('names one word per stem, never a stop word, never a word the index holds no single term for', () => {
    const words = vocabulary(['wheel', 'wheel'], ['wheels', 'wheel'], ['when', 'when'], ['where', null], ['whe1', null]);
    expect(matchTypedWord('whe', { typedStem: 'whe', words })).toEqual({ prefix: true, words: [] });
    expect(matchTypedWord('whe', { typedStem: null, words })).toEqual({ prefix: false, words: ['wheel'] });
  });

  it(`answers with the prefix alone when the typed text begins more than ${MAX_TYPED_WORD_COMPLETIONS} words`, () => {
    const many = Array.from({ length: MAX_TYPED_WORD_COMPLETIONS + 1 }, (_, n) => ({ word: `co${n}x`, stem: `co${n}` }));
    expect(matchTypedWord('co', { typedStem: 'co', words: many })).toEqual({ prefix: true, words: [] });
    expect(matchTypedWord('co', { typedStem: 'co', words: many.slice(1) }).words).toHaveLength(0);
  });

  it('matches nothing only when the typed text is no term and begins no word', () => {
    expect(matchesSomething(matchTypedWord('qx', { typedStem: null, words: [] }))).toBe(false);
    expect(matchesSomething(matchTypedWord('qx', { typedStem: 'qx', words: [] }))).toBe(true);
    expect(matchesSomething(null)).toBe(true);
  });
});

describe('matchTypedWordOf', () => {
  const reads: Parameters<VocabularyRead>[] = [];
  const answering =
    (row: VocabularyRow | undefined): VocabularyRead =>
    async (...args) => {
      reads.push(args);
      return row;
    };

  it('looks up the folded typed word, from it to it followed by the last code point, one word more than it uses', async () => {
    reads.length = 0;
    const row = { typed_stem: 'resum', words: JSON.stringify([['resumes', 'resum']]) };
    expect(await matchTypedWordOf(parseSearchQuery('drum RÉSUMÉ')!, answering(row))).toEqual({ prefix: false, words: ['resume'] });
    expect(reads).toEqual([['resume', 'resume\u{10FFFF}', MAX_TYPED_WORD_COMPLETIONS + 1]]);
  });

  it('reads nothing when no word is being typed', async () => {
    reads.length = 0;
    expect(await matchTypedWordOf(parseSearchQuery('drum ')!, answering(undefined))).toBeNull();
    expect(reads).toEqual([]);
  });

  it('reads an empty vocabulary (no row, or no words) as no completions', async () => {
    expect(await matchTypedWordOf(parseSearchQuery('drum')!, answering(undefined))).toEqual({ prefix: false, words: [] });
    expect(await matchTypedWordOf(parseSearchQuery('drum')!, answering({ typed_stem: 'drum', words: null }))).toEqual({ prefix: true, words: [] });
  });
});

describe('typedAlternatives', () => {
  const phrase: SearchTerm = { words: ['drum', 'buf'], prefix: true };

  it('is the typed term as a prefix, then the phrase ending in each word named', () => {
    expect(typedAlternatives(phrase, { prefix: true, words: ['buffering'] })).toEqual([
      { words: ['drum', 'buf'], prefix: true },
      { words: ['drum', 'buffering'], prefix: false },
    ]);
    expect(typedAlternatives(phrase, { prefix: false, words: ['buffer'] })).toEqual([{ words: ['drum', 'buffer'], prefix: false }]);
  });

  it('refuses a typed word that matches nothing: the query then needs no index', () => {
    expect(() => typedAlternatives(phrase, { prefix: false, words: [] })).toThrow('the typed word matches nothing');
  });
});
