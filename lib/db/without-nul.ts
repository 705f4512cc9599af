/**
 * PostgreSQL's text and jsonb cannot hold U+0000, which SQLite stores without complaint, so a NUL typed into a form
 * or sent in JSON failed a write on PostgreSQL alone (a 500). NUL carries nothing a reader sees: every value written
 * through Prisma drops it, on both engines, so they store the same text.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)])) as T;
  return value; // Date, Buffer, bigint, Decimal, Prisma's own markers: left as they are
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
