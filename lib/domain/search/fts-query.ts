/** Longer queries add nothing a reader meant and only cost time; the rest is ignored. */
const MAX_TERMS = 24;
const MAX_TERM_LENGTH = 64;

/**
 * Turns free text into a safe FTS5 MATCH expression: words only, each quoted (so quotes, `%`, `_`,
 * `*`, `NEAR`, `OR`, column filters and the like are plain text) and matched as a prefix; all must match.
 * Returns null when the text holds no searchable word.
 */
export function toFtsMatchExpression(text: string): string | null {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term}"*`).join(' ');
}
