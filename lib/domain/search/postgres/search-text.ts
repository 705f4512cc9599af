import { foldWord, WORD } from '../search-words';

/**
 * Article text as the words the query parser would read in it, separated by single spaces, for to_tsvector.
 * PostgreSQL's own parser would keep "1.1", "t/cu" or an e-mail address as one token where FTS5 and the query parser
 * see several words, so the same question would find different articles; cut here, it only stems.
 */
export function searchableText(text: string): string {
  return (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).map(foldWord).join(' ');
}
