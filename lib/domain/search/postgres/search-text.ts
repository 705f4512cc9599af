import { WORD } from '../search-words';

/** A Latin letter followed by combining marks: the marks go, as FTS5's `remove_diacritics 2` drops them. */
const LATIN_DIACRITICS = /(\p{Script=Latin})\p{M}+/gu;

/** One word as both the index and the queries hold it on PostgreSQL: lower case, Latin letters without diacritics. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(LATIN_DIACRITICS, '$1').normalize('NFC');
}

/**
 * Article text as the words the query parser would read in it, separated by single spaces, for to_tsvector.
 * PostgreSQL's own parser would keep "1.1", "t/cu" or an e-mail address as one token where FTS5 and the query parser
 * see several words, so the same question would find different articles; cut here, it only stems.
 */
export function searchableText(text: string): string {
  return (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).map(foldWord).join(' ');
}
