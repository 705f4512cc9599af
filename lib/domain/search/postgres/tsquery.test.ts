import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../search-query';
import { toTsQuery } from './tsquery';

const term = (words: string[], prefix = false) => ({ words, prefix });
const query = (include: SearchQuery['include'], exclude: SearchQuery['exclude'] = [], stopWordsOnly = false): SearchQuery => ({
  include,
  exclude,
  stopWordsOnly,
});

describe('toTsQuery', () => {
  it('quotes every word, joins the terms with & and marks only the prefix', () => {
    expect(toTsQuery(query([term(['drum']), term(['buffer']), term(['rope'], true)]))).toEqual({
      stopWordsOnly: false,
      config: 'insight_english',
      include: "'drum' & 'buffer' & 'rope':*",
      exclude: null,
    });
  });

  it('writes a phrase as a <-> chain whose last word is the prefix when typed', () => {
    expect(toTsQuery(query([term(['theory', 'of', 'constraints'])])).include).toBe("('theory' <-> 'of' <-> 'constraints')");
    expect(toTsQuery(query([term(['drum', 'buf'], true)])).include).toBe("('drum' <-> 'buf':*)");
  });

  it('writes the typed word as what it matches, ORed: the prefix, then the phrase ending in each word named', () => {
    const typing = query([term(['drum']), term(['evaporat'], true)]);
    expect(toTsQuery(typing, { prefix: true, words: ['evaporating'] }).include).toBe("'drum' & ('evaporat':* | 'evaporating')");
    expect(toTsQuery(typing, { prefix: true, words: [] }).include).toBe("'drum' & 'evaporat':*");
    expect(toTsQuery(query([term(['drum', 'constrained'], true)]), { prefix: false, words: ['constrained'] }).include).toBe("('drum' <-> 'constrained')");
    expect(toTsQuery(query([term(['drum', 'buf'], true)]), { prefix: true, words: ['bufo'] }).include).toBe("(('drum' <-> 'buf':*) | ('drum' <-> 'bufo'))");
  });

  it('gathers the exclusions in one group that results must not match', () => {
    expect(toTsQuery(query([term(['constraint'])], [term(['red', 'zone']), term(['drum'])])).exclude).toBe("('red' <-> 'zone') | 'drum'");
  });

  it('reads a query of stop words with the simple configuration', () => {
    expect(toTsQuery(query([term(['or'])], [], true))).toEqual({ stopWordsOnly: true, config: 'simple', include: "'or'", exclude: null });
  });

  it('drops Latin diacritics like the index and keeps anything else a plain lexeme', () => {
    expect(toTsQuery(query([term(['café', "o'neil", 'a\\b'])])).include).toBe("('cafe' <-> 'o''neil' <-> 'a\\\\b')");
  });
});
