/**
 * The body of a message as a list of blocks, rendered once as HTML and once as plain text, so the two parts
 * always say the same thing. Every string is plain text: the HTML renderer escapes it.
 */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  /** Label and value rows: "When: …", "With: …". A row with `href` links its value. */
  | { type: 'facts'; rows: FactRow[] }
  /** A call to action: a button in HTML, "label:\nurl" in text. */
  | { type: 'action'; label: string; href: string }
  /** Something the visitor wrote, shown as a quotation with its line breaks. */
  | { type: 'quote'; label: string; text: string }
  | { type: 'list'; items: string[] };

export interface FactRow {
  label: string;
  value: string;
  href?: string;
}

/** Facts with empty values dropped, so optional fields need no conditionals in the templates. */
export function facts(rows: Array<{ label: string; value: string | null | undefined; href?: string }>): Block {
  return { type: 'facts', rows: rows.filter((row): row is FactRow => Boolean(row.value?.trim())) };
}
