/**
 * A word, for every engine: letters and digits, with the combining marks that follow a letter (NFKC leaves a few
 * uncomposed). Everything else separates words. The query parser reads queries with it, and PostgreSQL's index is
 * built from article text split with it, so a document and a query are cut into the same words.
 */
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
