import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../search-query';
import { toFts5Match } from './fts5-match';

const term = (words: string[], prefix = false) => ({ words, prefix });
const query = (include: SearchQuery['include'], exclude: SearchQuery['exclude'] = []): SearchQuery => ({ include, exclude, stopWordsOnly: false });

describe('toFts5Match', () => {
  it('quotes every word, ANDs the terms and stars only the prefix', () => {
    expect(toFts5Match(query([term(['drum']), term(['buffer']), term(['rope'], true)]))).toBe('"drum" AND "buffer" AND "rope"*');
  });

  it('writes a phrase as one quoted string, its last word a prefix when typed', () => {
    expect(toFts5Match(query([term(['theory', 'of', 'constraints'])]))).toBe('"theory of constraints"');
    expect(toFts5Match(query([term(['drum', 'buf'], true)]))).toBe('"drum buf"*');
  });

  it('subtracts the exclusions together', () => {
    expect(toFts5Match(query([term(['constraint']), term(['buffer'])], [term(['red', 'zone']), term(['drum'])]))).toBe(
      '("constraint" AND "buffer") NOT ("red zone" OR "drum")',
    );
  });

  it('writes the typed word as what it matches, ORed: the prefix, then the phrase ending in each word named', () => {
    const typing = query([term(['drum']), term(['evaporat'], true)]);
    expect(toFts5Match(typing, { prefix: true, words: ['evaporating'] })).toBe('"drum" AND ("evaporat"* OR "evaporating")');
    expect(toFts5Match(typing, { prefix: true, words: [] })).toBe('"drum" AND "evaporat"*');
    expect(toFts5Match(query([term(['drum', 'constrained'], true)]), { prefix: false, words: ['constrained'] })).toBe('"drum constrained"');
    expect(toFts5Match(query([term(['buf'], true)]), { prefix: false, words: ['buffers', 'bufo'] })).toBe('("buffers" OR "bufo")');
  });

  it('keeps FTS5 syntax inside the quotes, doubling any quote', () => {
    expect(toFts5Match(query([term(['near(a)', 'title:b', 'c"d'])]))).toBe('"near(a) title:b c""d"');
  });
});
