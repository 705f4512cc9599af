/** Long enough for any real search; a pasted page of text should not become a page-long heading or title. */
const MAX_SHOWN = 80;

/** Search words as they are echoed back to the reader: in curly quotes, shortened if very long. */
export function quotedQuery(q: string): string {
  const shown = q.length > MAX_SHOWN ? `${q.slice(0, MAX_SHOWN).trimEnd()}…` : q;
  return `“${shown}”`;
}
