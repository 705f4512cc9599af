import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../parse-search-query';
import { searchableText } from './search-text';

describe('searchableText', () => {
  it('cuts text into the words the query parser reads, so "$1.1" is the words 1 and 1 as in FTS5', () => {
    expect(searchableText('Saved $1.1 million; T/CU rose (s-DBR).')).toBe('saved 1 1 million t cu rose s dbr');
    expect(parseSearchQuery("' OR 1=1 --")!.include).toEqual([{ words: ['1', '1'], prefix: false }]);
  });

  it('folds case, compatibility forms and Latin diacritics, and keeps other scripts whole', () => {
    expect(searchableText('Café ＦＵＬＬ Ærø naïve — 東京 Москва')).toBe('cafe full ærø naive 東京 москва');
  });

  it('leaves no markup or Markdown syntax behind', () => {
    expect(searchableText('## Heading\n\n[link](https://example.com/a_b) <b onclick="x()">bold</b> **strong**')).toBe(
      'heading link https example com a b b onclick x bold b strong',
    );
  });
});
