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

/** What a failed HTTP answer from a calendar server means, for the staff page. */
export function httpFailure(host: string, status: number, what = 'calendar'): CalendarFetchError {
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
