const INDENT = '  ';

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

function linesOf(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}(none)`];
    return value.flatMap((entry) => (isScalar(entry) ? [`${indent}- ${scalarText(entry)}`] : [`${indent}-`, ...linesOf(entry, indent + INDENT)]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => {
      if (typeof entry === 'string' && entry.includes('\n')) return [`${indent}${key}:`, ...entry.split('\n').map((line) => `${indent}${INDENT}${line}`)];
      if (isScalar(entry)) return [`${indent}${key}: ${scalarText(entry)}`];
      return [`${indent}${key}:`, ...linesOf(entry, indent + INDENT)];
    });
  }
  return [`${indent}${scalarText(value)}`];
}

/**
 * An item as lines of plain text, one field per line, lists one entry per line and long text line by line, so a
 * line diff between two versions reads like the change someone made.
 */
export function itemText(item: unknown): string {
  return `${linesOf(item, '').join('\n')}\n`;
}
