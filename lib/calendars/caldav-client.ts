import type { DAVResponse } from 'tsdav';
import { lazyImport } from '@/lib/core/lazy-import';
import { CalendarFetchError, httpFailure } from './calendar-fetch-error';

/** tsdav (about 10 MiB of memory) is loaded by the first CalDAV request, not by every runner and server. */
const tsdav = lazyImport(() => import('tsdav'));

/*
 * CalDAV through tsdav, every request through the guarded fetch it is given. cal.com's CalDAV service does the same
 * (discovery, calendar-query with time ranges, events written with their ETag); here the results are plain data and
 * every failure a CalendarFetchError worded for the staff page.
 */

export interface CaldavAccess {
  serverUrl: string;
  username: string;
  password: string;
  fetch: typeof fetch;
}

export interface DiscoveredCalendar {
  url: string;
  displayName: string;
  syncToken: string | null;
  /** Whether the server offers RFC 6578 sync-collection for it. */
  supportsSync: boolean;
  /** The user may write events into it (current-user-privilege-set; a server that does not say is taken at its word). */
  writable: boolean;
  /** A calendar subscribed from elsewhere (resourcetype CS:subscribed), such as holidays or a colleague's feed. */
  subscribed: boolean;
}

export interface Discovery {
  principalUrl: string;
  homeUrl: string;
  calendars: DiscoveredCalendar[];
}

export interface CalendarObjectData {
  href: string;
  etag: string | null;
  data: string;
}

const BATCH = 100;

function authorization({ username, password }: Pick<CaldavAccess, 'username' | 'password'>): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` };
}

function hostOf(url: string): string {
  return new URL(url).host;
}

/** A fetch that remembers the statuses it saw, so a failed discovery can say whether the password or the server was wrong. */
function recordingFetch(inner: typeof fetch): { fetch: typeof fetch; statuses: number[]; davServer: () => boolean } {
  const statuses: number[] = [];
  let dav = false;
  const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    statuses.push(response.status);
    if (response.headers.get('dav')?.includes('calendar-access') || response.status === 207) dav = true;
    return response;
  }) as typeof fetch;
  return { fetch: recording, statuses, davServer: () => dav };
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '_cdata' in value) return String((value as { _cdata: unknown })._cdata);
  if (value && typeof value === 'object' && '_text' in value) return String((value as { _text: unknown })._text);
  return value === undefined || value === null ? '' : String(value);
}

function objectHref(response: DAVResponse, collectionUrl: string): string {
  return new URL(response.href ?? '', collectionUrl).href;
}

function failIfRefused(responses: DAVResponse[], url: string, what: string): void {
  // A multistatus lists its members with their own statuses; a single answer without props is the request's own.
  const whole = responses.length === 1 && !responses[0]!.props ? responses[0]! : null;
  if (whole && !whole.ok) throw httpFailure(hostOf(url), whole.status, what);
}

/** tsdav's own PROPFIND of a calendar home, and the user's privileges on each calendar. */
const CALENDAR_PROPS = {
  'c:calendar-description': {},
  'c:calendar-timezone': {},
  'd:displayname': {},
  'ca:calendar-color': {},
  'cs:getctag': {},
  'd:resourcetype': {},
  'c:supported-calendar-component-set': {},
  'd:sync-token': {},
  'd:current-user-privilege-set': {},
};

/** Whether a parsed current-user-privilege-set grants writing events (RFC 3744: write, write-content, bind or all). */
function mayWrite(privileges: unknown): boolean {
  if (privileges === undefined || privileges === null || privileges === '') return true;
  const granted = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        granted.add(key);
        collect(inner);
      }
    }
  };
  collect(privileges);
  return ['write', 'writeContent', 'bind', 'all'].some((name) => granted.has(name));
}

/**
 * The principal, its calendar home and its event calendars, or a clear reason: a wrong password (the server said 401
 * or 403), a server that answered but not as CalDAV, or one that could not be reached (the guarded fetch's error).
 */
export async function discoverCalendars(access: CaldavAccess): Promise<Discovery> {
  const { createAccount, fetchCalendars } = await tsdav();
  const probe = recordingFetch(access.fetch);
  const headers = authorization(access);
  const host = hostOf(access.serverUrl);
  let account;
  try {
    account = await createAccount({ account: { serverUrl: access.serverUrl, accountType: 'caldav' }, headers, fetch: probe.fetch });
  } catch (error) {
    if (error instanceof CalendarFetchError && !probe.statuses.length) throw error;
    if (probe.statuses.some((status) => status === 401 || status === 403)) throw httpFailure(host, 401);
    if (error instanceof CalendarFetchError) throw error;
    throw new CalendarFetchError(
      'NOT_CALDAV',
      probe.davServer()
        ? `${host} answered, but names no calendars for this user. Check the address: it may need the path of the CalDAV service (e.g. /remote.php/dav).`
        : `${host} answered, but not as a CalDAV server. Check the address (for example https://caldav.fastmail.com/ or https://cloud.example.com/remote.php/dav).`,
    );
  }
  const found = await fetchCalendars({ account, headers, fetch: probe.fetch, props: CALENDAR_PROPS, projectedProps: { currentUserPrivilegeSet: true } });
  if (probe.statuses.some((status) => status === 401 || status === 403)) throw httpFailure(host, 401);
  const calendars = found
    .filter((calendar) => (calendar.components?.length ? calendar.components.includes('VEVENT') : true))
    .map((calendar) => ({
      url: calendar.url,
      displayName: textOf(calendar.displayName) || new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1) || calendar.url,
      syncToken: calendar.syncToken ? textOf(calendar.syncToken) : null,
      supportsSync: (calendar.reports ?? []).includes('syncCollection'),
      writable: mayWrite(calendar.projectedProps?.currentUserPrivilegeSet),
      subscribed: (calendar.resourcetype ?? []).includes('subscribed'),
    }));
  if (calendars.length === 0) throw new CalendarFetchError('NOT_CALDAV', `${host} has no event calendars for this user.`);
  return { principalUrl: account.principalUrl!, homeUrl: account.homeUrl!, calendars };
}

function toObjects(responses: DAVResponse[], collectionUrl: string): CalendarObjectData[] {
  return responses
    .filter((response) => response.ok && response.props?.calendarData)
    .map((response) => ({
      href: objectHref(response, collectionUrl),
      etag: response.props?.getetag == null ? null : String(response.props.getetag),
      data: textOf(response.props?.calendarData),
    }));
}

const eventFilter = (timeRange?: { start: Date; end: Date }) => [
  {
    'comp-filter': {
      _attributes: { name: 'VCALENDAR' },
      'comp-filter': {
        _attributes: { name: 'VEVENT' },
        ...(timeRange ? { 'time-range': { _attributes: { start: caldavTime(timeRange.start), end: caldavTime(timeRange.end) } } } : {}),
      },
    },
  },
];

function caldavTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** Every event object touching [start, end), with its data: the freshness check of one booking window. */
export async function eventsInWindow(access: CaldavAccess, calendarUrl: string, window: { start: Date; end: Date }): Promise<CalendarObjectData[]> {
  const { calendarQuery } = await tsdav();
  const responses = await calendarQuery({
    url: calendarUrl,
    props: { 'd:getetag': {}, 'c:calendar-data': {} },
    filters: eventFilter(window),
    depth: '1',
    headers: authorization(access),
    fetch: access.fetch,
  });
  failIfRefused(responses, calendarUrl, 'calendar');
  return toObjects(responses, calendarUrl);
}

/** Every event object's href and ETag (the fallback when a server has no sync tokens). */
export async function listEventVersions(access: CaldavAccess, calendarUrl: string): Promise<Map<string, string | null>> {
  const { calendarQuery } = await tsdav();
  const responses = await calendarQuery({
    url: calendarUrl,
    props: { 'd:getetag': {} },
    filters: eventFilter(),
    depth: '1',
    headers: authorization(access),
    fetch: access.fetch,
  });
  failIfRefused(responses, calendarUrl, 'calendar');
  return new Map(
    responses
      .filter((response) => response.ok && response.href)
      .map((response) => [objectHref(response, calendarUrl), response.props?.getetag == null ? null : String(response.props.getetag)]),
  );
}

export type SyncResult = { changed: Map<string, string | null>; removed: string[]; syncToken: string | null } | { tokenRefused: true };

/** RFC 6578: what changed since `syncToken` (everything, with none). A token the server no longer knows is reported, not thrown. */
export async function changesSince(access: CaldavAccess, calendarUrl: string, syncToken: string | null): Promise<SyncResult> {
  const { syncCollection } = await tsdav();
  const responses = await syncCollection({
    url: calendarUrl,
    props: { 'd:getetag': {} },
    syncLevel: 1,
    syncToken: syncToken ?? '',
    headers: authorization(access),
    fetch: access.fetch,
  });
  const whole = responses.length === 1 && !responses[0]!.props ? responses[0]! : null;
  if (whole && !whole.ok) {
    // 403/409 with DAV:valid-sync-token: the token expired; start over with a full listing.
    if (syncToken && (whole.status === 403 || whole.status === 409 || whole.status === 400)) return { tokenRefused: true };
    throw httpFailure(hostOf(calendarUrl), whole.status, 'calendar');
  }
  const members = responses.filter((response) => response.href && new URL(response.href, calendarUrl).href !== new URL(calendarUrl).href);
  const changed = new Map<string, string | null>();
  const removed: string[] = [];
  for (const member of members) {
    const href = objectHref(member, calendarUrl);
    if (member.status === 404) removed.push(href);
    else if (member.ok) changed.set(href, member.props?.getetag == null ? null : String(member.props.getetag));
  }
  const token = responses[0]?.raw?.multistatus?.syncToken;
  return { changed, removed, syncToken: token ? textOf(token) : null };
}

/** The data of the objects at `hrefs`, in batches of 100 (calendar-multiget). */
export async function fetchEvents(access: CaldavAccess, calendarUrl: string, hrefs: readonly string[]): Promise<CalendarObjectData[]> {
  const { calendarMultiGet } = await tsdav();
  const objects: CalendarObjectData[] = [];
  for (let index = 0; index < hrefs.length; index += BATCH) {
    const batch = hrefs.slice(index, index + BATCH).map((href) => new URL(href).pathname);
    const responses = await calendarMultiGet({
      url: calendarUrl,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      objectUrls: batch,
      depth: '1',
      headers: authorization(access),
      fetch: access.fetch,
    });
    failIfRefused(responses, calendarUrl, 'calendar');
    objects.push(...toObjects(responses, calendarUrl));
  }
  return objects;
}

/**
 * Writes one event: created when `etag` is null (If-None-Match: *, so an existing one is never overwritten blindly),
 * else replaced only if still at `etag`. Resolves with the new ETag (null when the server sends none), or 'changed'
 * when the precondition failed.
 */
export async function putEvent(access: CaldavAccess, href: string, ics: string, etag: string | null): Promise<{ etag: string | null } | 'changed'> {
  const response = await access.fetch(href, {
    method: 'PUT',
    headers: { ...authorization(access), 'content-type': 'text/calendar; charset=utf-8', ...(etag ? { 'if-match': etag } : { 'if-none-match': '*' }) },
    body: ics,
  });
  await response.arrayBuffer();
  if (response.status === 412) return 'changed';
  if (!response.ok) throw httpFailure(hostOf(href), response.status, 'booking event');
  return { etag: response.headers.get('etag') };
}

/** The current ETag of an event, or null when it is gone. */
export async function eventEtag(access: CaldavAccess, href: string): Promise<string | null | 'gone'> {
  const response = await access.fetch(href, { method: 'GET', headers: authorization(access) });
  await response.arrayBuffer();
  if (response.status === 404 || response.status === 410) return 'gone';
  if (!response.ok) throw httpFailure(hostOf(href), response.status, 'booking event');
  return response.headers.get('etag');
}

/** Deletes one event (with If-Match when its ETag is known); one already gone counts as deleted. */
export async function deleteEvent(access: CaldavAccess, href: string, etag: string | null): Promise<'deleted' | 'changed'> {
  const response = await access.fetch(href, { method: 'DELETE', headers: { ...authorization(access), ...(etag ? { 'if-match': etag } : {}) } });
  await response.arrayBuffer();
  if (response.status === 412) return 'changed';
  if (response.ok || response.status === 404 || response.status === 410) return 'deleted';
  throw httpFailure(hostOf(href), response.status, 'booking event');
}
