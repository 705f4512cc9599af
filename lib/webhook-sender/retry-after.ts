/**
 * The moment a `Retry-After` header asks us to wait until (RFC 9110: a number of seconds, or an HTTP date), or null
 * when there is none or it cannot be read.
 */
export function retryAfterTime(header: string | string[] | undefined, now: Date): Date | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return new Date(now.getTime() + Number(value) * 1000);
  // An HTTP date names its day (`Fri, 27 Nov 2026 11:30:00 GMT`); anything else (`-5`) is not one.
  if (!/^[A-Za-z]{3},/.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : new Date(Math.max(date, now.getTime()));
}
