/**
 * Where sign-in may send a person afterwards: a path under /staff made only of letters, digits, `_`, `-` and `/`, with
 * an optional plain query; anything else is /staff. An allow-list, not a block-list, so none of the spellings browsers
 * read as another site gets through: `//evil.example`, `/\evil.example`, `https:`, tabs and newlines, dot segments,
 * percent-encoded slashes in the path. The query may hold `%`, which browsers never read as part of the host.
 */
const STAFF_PATH = /^\/staff(\/[\w\-/]*)?(\?[\w\-=&%.]*)?$/;

export function safeNextPath(next: string | null | undefined): string {
  return next && STAFF_PATH.test(next) ? next : '/staff';
}
