import { formatDateTime } from '@/lib/format';

export interface ConflictView {
  bookingId: string;
  name: string;
  start: string;
  reason: string;
}

/**
 * A calendar change that no longer covers confirmed bookings is published only once someone ticks each of them: the
 * bookings stay confirmed, to be moved or cancelled in Bookings, never silently. `name` and `form` tie the boxes to the
 * step they are for (the editor's form, from a panel beside it); `ticked` keeps ticks a refused post sent.
 */
export function BookingAcknowledgements({
  conflicts,
  zone,
  name,
  form,
  ticked = [],
}: {
  conflicts: readonly ConflictView[];
  zone: string;
  name: string;
  form?: string;
  ticked?: readonly string[];
}) {
  if (conflicts.length === 0) return null;
  return (
    <fieldset className="space-y-2 rounded-md border border-danger p-3">
      <legend className="px-1 text-sm font-semibold">Confirmed bookings this change no longer covers</legend>
      <p className="text-sm">They stay confirmed: move or cancel them in Bookings. Tick each one to confirm you have seen it.</p>
      {conflicts.map((conflict) => (
        <label key={conflict.bookingId} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            form={form}
            value={conflict.bookingId}
            defaultChecked={ticked.includes(conflict.bookingId)}
            className="mt-1 h-4 w-4"
          />
          <span>
            {conflict.name}, {formatDateTime(conflict.start, zone)}: {conflict.reason} (
            <a className="underline" href={`/staff/bookings#booking-${conflict.bookingId}`}>
              in Bookings
            </a>
            )
          </span>
        </label>
      ))}
    </fieldset>
  );
}
