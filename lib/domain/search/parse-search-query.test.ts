import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, parseSearchQuery } from './parse-search-query';
import type { SearchQuery, SearchTerm } from './search-query';

/** `w('drum')` is a whole word, `w('drum*')` a prefix, `w('red zone')` a phrase. */
const w = (text: string): SearchTerm => ({ words: text.replace(/\*$/, '').split(' '), prefix: text.endsWith('*') });
const model = (include: string[], exclude: string[] = [], stopWordsOnly = false): SearchQuery => ({
  include: include.map(w),
  exclude: exclude.map(w),
  stopWordsOnly,
});

describe('parseSearchQuery', () => {
  it.each([
    // Only the last word is a prefix, and only while it is being typed.
    ['drum buffer rope', model(['drum', 'buffer', 'rope*'])],
    ['drum buffer rope ', model(['drum', 'buffer', 'rope'])],
    ['drum buffer rope.', model(['drum', 'buffer', 'rope'])],
    ['Drum BUFFER', model(['drum', 'buffer*'])],
    // A single typed character is a whole word, not most of the vocabulary.
    ['drum b', model(['drum', 'b'])],
    ['drum bu', model(['drum', 'bu*'])],
    // Stop words do not count...
    ['theory of constraints', model(['theory', 'constraints*'])],
    ['where is the bottleneck', model(['bottleneck*'])],
    ['constraint the', model(['constraint'])],
    // ...unless there is nothing else, and then they are whole words: `or` does not find "order".
    ['or', model(['or'], [], true)],
    ['to be or not', model(['to', 'be', 'or', 'not'], [], true)],
    ['"to be"', model(['to be'], [], true)],
    // Quoted text is a phrase; stop words keep their place in it. An unclosed quote runs to the end.
    ['"theory of constraints"', model(['theory of constraints'])],
    ['"drum buf', model(['drum buf*'])],
    ['"drum buffer" rope', model(['drum buffer', 'rope*'])],
    ['drum"buffer rope"', model(['drum', 'buffer rope'])],
    // Words run together with punctuation are a phrase.
    ['s-dbr', model(['s dbr*'])],
    ['T/CU pricing', model(['t cu', 'pricing*'])],
    ['make-to-order', model(['make to order*'])],
    // A leading - excludes a word or a phrase; exclusions are whole words; stop words cannot be excluded.
    ['constraint -drum', model(['constraint'], ['drum'])],
    ['constraint -"red zone" -drum -the', model(['constraint'], ['red zone', 'drum'])],
    ['the -drum', model(['the'], ['drum'], true)],
    ['--drum buffer', model(['buffer*'], ['drum'])],
    ['constraint -', model(['constraint'])],
    // Each condition once; a word given whole and as a prefix is the whole word.
    ['drum drum', model(['drum'])],
    ['constraint Constraint constraint ', model(['constraint'])],
    // Operators, wildcards, SQL and markup are punctuation.
    ["' OR 1=1 --", model(['1 1'])],
    ["'; DROP TABLE Insight; --", model(['drop', 'table', 'insight'])],
    ['constraint NEAR(buffer) OR title:drum AND NOT *', model(['constraint', 'near buffer', 'title drum'])],
    ['buffer*', model(['buffer'])],
    ['%_50%_', model(['50'])],
    ['<b>drum</b>', model(['b drum b'])],
    // Letters of any script, NFKC-normalised (ﬁ is fi, full-width letters are ASCII).
    ['Engpaß Durchsatz', model(['engpaß', 'durchsatz*'])],
    ['ﬁnding ＤＢＲ', model(['finding', 'dbr*'])],
  ])('%j', (text, expected) => {
    expect(parseSearchQuery(text)).toEqual(expected);
  });

  it.each([[''], ['   '], ['%_*"()'], ['!!!'], ['-drum'], ['-"red zone" -buffer'], ['--'], ['"']])('finds nothing to search for in %j', (text) => {
    expect(parseSearchQuery(text)).toBeNull();
  });

  it(`counts the first ${MAX_QUERY_WORDS} words and cuts a phrase at the limit; the cut word is not a prefix`, () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const parsed = parseSearchQuery(`${words.slice(0, 20).join(' ')} "${words.slice(20).join(' ')}`)!;
    expect(parsed.include.map((term) => term.words.join(' '))).toEqual([...words.slice(0, 20), 'w20 w21 w22 w23']);
    expect(parsed.include.some((term) => term.prefix)).toBe(false);
  });

  it('caps word length and stays fast on a 10,000-character query', () => {
    const long = 'x'.repeat(100);
    expect(parseSearchQuery(`${long} buffer`)!.include.map((term) => term.words[0]!.length)).toEqual([64, 6]);
    const text = 'throughput constraint '.repeat(455).slice(0, 10_000);
    const started = performance.now();
    expect(parseSearchQuery(text)).toEqual(model(['throughput', 'constraint']));
    expect(performance.now() - started).toBeLessThan(50);
  });
});
