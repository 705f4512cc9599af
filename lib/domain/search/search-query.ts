/**
 * What a visitor's search text means, independent of any search engine. `parseSearchQuery` builds it
 * once; each engine's adapter compiles it to its own syntax (FTS5 MATCH on SQLite, tsquery on
 * PostgreSQL), so both engines answer the same question.
 */
export interface SearchTerm {
  /**
   * Lower-case words (NFKC-normalised runs of letters and digits), in the order typed. One word is a
   * word; several are a phrase: the words adjacent and in this order (stop words inside a phrase keep
   * their place).
   */
  words: string[];
  /** The last word matches any word it begins (the word being typed); the others match whole words. */
  prefix: boolean;
}

export interface SearchQuery {
  /** Every result contains every one of these (at least one). */
  include: SearchTerm[];
  /** No result contains any of these. */
  exclude: SearchTerm[];
  /**
   * True when the text held nothing but stop words, so they are searched as ordinary words. Otherwise
   * no term consists only of stop words (an engine that drops stop words while indexing, such as
   * PostgreSQL's `english` configuration, needs an unstemmed document for this case).
   */
  stopWordsOnly: boolean;
}
