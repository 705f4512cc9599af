/** Stable codes for every way reaching a calendar can fail; the message is a sentence fit for the staff page as it stands. */
export type CalendarFetchErrorCode =
  | 'BAD_URL'
  | 'PORT_REFUSED'
  | 'ADDRESS_REFUSED'
  | 'DNS_FAILED'
  | 'CONNECTION_FAILED'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'WRONG_PASSWORD'
  | 'FEED_REFUSED'
  | 'NOT_FOUND'
  | 'NOT_CALDAV'
  | 'NOT_ICALENDAR'
  | 'HTTP_ERROR';

/**
 * A calendar that could not be read or written. Messages name the server's host, never a whole address (a feed's
 * address is its secret) and never a password. `transient` says whether the same request later may succeed.
 */
export class CalendarFetchError extends Error {
  constructor(
    readonly code: CalendarFetchErrorCode,
    message: string,
    readonly transient = false,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'CalendarFetchError';
  }
}

/** What a feed is called in messages; a refusal of a feed is worded apart (it has no password). */
export const FEED = 'calendar feed';

/** What a failed HTTP answer from a calendar server means, for the staff page. */
export function httpFailure(host: string, status: number, what = 'calendar'): CalendarFetchError {
  if ((status === 401 || status === 403) && what === FEED) {
    // A feed has no user name or password: its secret address is the key, so a refusal means that address no longer works.
    return new CalendarFetchError(
      'FEED_REFUSED',
      `${host} refused the calendar feed (HTTP ${status}). Its secret address may have been reset or made private: copy the address again.`,
    );
  }
  if (status === 401 || status === 403) {
    return new CalendarFetchError(
      'WRONG_PASSWORD',
      `${host} refused the user name and app password (HTTP ${status}). Check both; many providers need an app password, not the account password.`,
    );
  }
  if (status === 404 || status === 410)
    return new CalendarFetchError('NOT_FOUND', `${host} has no ${what} at that address (HTTP ${status}). Check the address.`);
  return new CalendarFetchError('HTTP_ERROR', `${host} answered HTTP ${status} for the ${what}.`, status >= 500 || status === 408 || status === 429);
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** A byte count as the staff page says it: 16 MiB, 512 KiB, 300 bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  if (bytes >= KIB) return `${Number((bytes / KIB).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
