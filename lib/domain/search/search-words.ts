/**
 * A word, for every engine: letters and digits, with the combining marks that follow a letter (NFKC leaves a few
 * uncomposed). Everything else separates words. The query parser reads queries with it, and PostgreSQL's index is
 * built from article text split with it, so a document and a query are cut into the same words.
 */
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/** A Latin letter followed by combining marks: the marks go, as FTS5's `remove_diacritics 2` drops them. */
const LATIN_DIACRITICS = /(\p{Script=Latin})\p{M}+/gu;

/**
 * One word as both engines' indexes hold it: lower case (the caller's), Latin letters without diacritics ("café" is
 * "cafe", "ß" and "æ" stay). The PostgreSQL index is built from words folded here; FTS5 folds the same way itself.
 */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(LATIN_DIACRITICS, '$1').normalize('NFC');
}
