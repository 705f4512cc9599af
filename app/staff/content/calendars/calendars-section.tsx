import { Button } from '@/components/ui/button';
import type { CalendarConnectionView } from '@/lib/domain/calendars/calendar-connections';
import { consultantCalendars } from '@/lib/domain/calendars/calendar-connections';
import { calendarSubscriptionOf } from '@/lib/domain/calendars/subscription-feed';
import { formatDateTime } from '@/lib/format';
import {
  chooseCalendarsAction,
  connectCaldavAction,
  connectFeedAction,
  createSubscriptionAction,
  disconnectCalendarAction,
  revokeSubscriptionAction,
  syncCalendarAction,
} from './calendar-actions';
import { ConnectCaldavForm, ConnectFeedForm, SubscriptionForm } from './connect-forms';

function SyncStatus({ connection, zone }: { connection: CalendarConnectionView; zone: string }) {
  return (
    <div className="text-sm">
      <p>
        Last sync: {connection.lastSyncedAt ? formatDateTime(connection.lastSyncedAt.toISOString(), zone) : 'not yet'}
        {connection.lastAttemptAt && connection.lastAttemptAt.getTime() !== connection.lastSyncedAt?.getTime() && (
          <> · last attempt {formatDateTime(connection.lastAttemptAt.toISOString(), zone)}</>
        )}
      </p>
      {connection.stale && !connection.lastError && (
        <p role="status" className="mt-2 rounded-md border border-danger p-3 text-danger">
          Stale: not synced for more than two sync periods, without an error. Syncs may have stopped (is the worker running?); Sync now tries at once.
        </p>
      )}
      {connection.lastError && (
        <p role="alert" className="mt-2 rounded-md border border-danger p-3 text-danger">
          Sync failing{connection.failingSince ? ` since ${formatDateTime(connection.failingSince.toISOString(), zone)}` : ''}: {connection.lastError} Bookings
          for this consultant are not confirmed automatically until it works again.
        </p>
      )}
    </div>
  );
}

function CalendarChoices({ consultantId, connection }: { consultantId: string; connection: CalendarConnectionView }) {
  const caldav = connection.kind === 'caldav';
  return (
    <form action={chooseCalendarsAction.bind(null, consultantId, connection.id)} className="space-y-2">
      {caldav && connection.bookingCalendarUrl === null && (
        <p className="text-sm">
          No calendar receives bookings yet: choose one under Receives bookings and save (it is chosen for you only when the account has one calendar it can
          write). Calendars that are read-only or subscribed from elsewhere do not count as busy until ticked.
        </p>
      )}
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">Calendar</th>
            <th scope="col">Counts as busy</th>
            {caldav && <th scope="col">Receives bookings</th>}
            <th scope="col">Busy times held</th>
          </tr>
        </thead>
        <tbody>
          {connection.calendars.map((calendar, index) => (
            <tr key={calendar.url}>
              <td>{calendar.displayName}</td>
              <td>
                <input
                  type="checkbox"
                  name="busy"
                  value={calendar.url}
                  defaultChecked={calendar.countsAsBusy}
                  aria-label={`${calendar.displayName} counts as busy`}
                />
              </td>
              {caldav && (
                <td>
                  <input
                    type="radio"
                    name="bookingCalendar"
                    value={calendar.url}
                    defaultChecked={calendar.url === connection.bookingCalendarUrl}
                    aria-label={`Bookings go to ${calendar.displayName}`}
                    id={`booking-${connection.id}-${index}`}
                  />
                </td>
              )}
              <td>{calendar.busyIntervals}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {caldav && (
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="bookingCalendar" value="" defaultChecked={connection.bookingCalendarUrl === null} /> Do not write bookings into this account
        </label>
      )}
      <Button type="submit" variant="secondary" size="sm">
        Save calendar choices
      </Button>
    </form>
  );
}

/**
 * A consultant's outside calendars on their staff page: each connection with its last sync and, at once, its error;
 * the choice of busy calendars and the booking calendar; connecting another; the private subscription address.
 */
export async function CalendarsSection({ consultantId, zone, now }: { consultantId: string; zone: string; now: Date }) {
  const [connections, subscription] = await Promise.all([consultantCalendars(consultantId, now), calendarSubscriptionOf(consultantId)]);
  return (
    <section id="calendars" aria-labelledby="calendars-heading" className="mt-10 space-y-6 rounded-lg border border-line bg-surface p-4">
      <h2 id="calendars-heading" className="font-serif text-xl font-semibold">
        Calendars
      </h2>
      <p className="text-sm text-ink-muted">
        Busy times in these calendars are not offered to visitors, and a booking is confirmed only after the calendar was checked within the last few minutes.
        Steps for Google, Outlook, Fastmail and Nextcloud are in the staff guide (docs/staff.md, Calendars).
      </p>
      {connections.length === 0 && <p className="text-sm">No calendar is connected.</p>}
      {connections.map((connection) => (
        <article
          key={connection.id}
          className="space-y-3 border-t border-line pt-4"
          aria-label={`${connection.kind === 'caldav' ? 'CalDAV' : 'Feed'} ${connection.label}`}
        >
          <h3 className="font-semibold">
            {connection.kind === 'caldav' ? `CalDAV: ${connection.label} (${connection.username})` : `iCalendar feed from ${connection.label} (read-only)`}
          </h3>
          <SyncStatus connection={connection} zone={zone} />
          <CalendarChoices consultantId={consultantId} connection={connection} />
          <div className="flex flex-wrap gap-3">
            <form action={syncCalendarAction.bind(null, consultantId, connection.id)}>
              <Button type="submit" variant="secondary" size="sm">
                Sync now
              </Button>
            </form>
            <form action={disconnectCalendarAction.bind(null, consultantId, connection.id)}>
              <Button type="submit" variant="secondary" size="sm">
                Disconnect
              </Button>
            </form>
          </div>
        </article>
      ))}
      <div className="grid gap-6 border-t border-line pt-4 md:grid-cols-2">
        <ConnectCaldavForm action={connectCaldavAction.bind(null, consultantId)} />
        <ConnectFeedForm action={connectFeedAction.bind(null, consultantId)} />
      </div>
      <div className="space-y-2 border-t border-line pt-4">
        <h3 className="font-semibold">Subscription address for this consultant&apos;s bookings</h3>
        <p className="text-sm text-ink-muted">
          For a consultant whose calendar is a read-only feed: a private address Google Calendar or Outlook subscribe to, listing their bookings.
          {subscription ? ` An address made ${formatDateTime(subscription.createdAt.toISOString(), zone)} is active.` : ' None is active.'}
        </p>
        <SubscriptionForm action={createSubscriptionAction.bind(null, consultantId)} exists={subscription !== null} />
        {subscription && (
          <form action={revokeSubscriptionAction.bind(null, consultantId)}>
            <Button type="submit" variant="secondary" size="sm">
              Revoke the address
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
