import type { SearchQuery, SearchTerm } from '../search-query';
import { foldWord } from '../search-words';
import type { TypedWordMatch } from '../typed-word';
import { typedAlternatives } from '../typed-word';

/** Text search configurations created by the search migration (prisma/postgres/insight-search.sql), and `simple`. */
export type TextSearchConfig = 'insight_english' | 'simple';

export interface CompiledQuery {
  /** Searches the `words` vector (stop words kept, unstemmed) instead of `document`: a query of stop words only. */
  stopWordsOnly: boolean;
  /** The configuration that reads `include` (and `exclude` always reads with insight_english, like the index). */
  config: TextSearchConfig;
  /** to_tsquery text every result matches. */
  include: string;
  /** to_tsquery text no result matches, or null. */
  exclude: string | null;
}

/**
 * Compiles the engine-neutral query to to_tsquery text (not websearch_to_tsquery, whose reading of the text would
 * differ from the parser's): every word quoted, a phrase as a `<->` chain, terms joined by `&`, exclusions as one `|`
 * group that results must not match. to_tsquery then stems each word with the same configuration as the index; inside
 * a phrase a stop word keeps its place (`'theori' <2> 'constraint'`). The term being typed becomes what `typed` says
 * it matches (typed-word.ts), ORed: the prefix as `:*` when the index keeps it as it is, and whole words.
 */
export function toTsQuery(query: SearchQuery, typed: TypedWordMatch | null = null): CompiledQuery {
  return {
    stopWordsOnly: query.stopWordsOnly,
    config: query.stopWordsOnly ? 'simple' : 'insight_english',
    include: query.include.map((term) => (term.prefix && typed ? typedText(term, typed) : termText(term))).join(' & '),
    exclude: query.exclude.length > 0 ? query.exclude.map(termText).join(' | ') : null,
  };
}

function termText(term: SearchTerm): string {
  const lexemes = term.words.map((word) => quoteLexeme(foldWord(word)));
  if (term.prefix) lexemes[lexemes.length - 1] += ':*';
  return lexemes.length > 1 ? `(${lexemes.join(' <-> ')})` : lexemes[0]!;
}

/** The typed term's alternatives, ORed. */
function typedText(term: SearchTerm, typed: TypedWordMatch): string {
  const alternatives = typedAlternatives(term, typed).map(termText);
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
}

/** Words hold only letters and digits; quoting still makes anything else a plain lexeme. */
function quoteLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
