/** A free start time, and how it reads in the zone the page shows ("3:00 PM GMT+1"), formatted on the server. */
export interface Slot {
  start: string;
  label: string;
}

/**
 * The free start times of one day, with the zone named: checkboxes for a new booking (the visitor may give several,
 * tried in order), radio buttons to move a booking to one new time. Labels come formatted, so no date library
 * reaches the browser.
 */
export function SlotPicker({
  slots,
  zoneLabel,
  dayLabel,
  chosen,
  error,
  multiple = true,
  name = 'preferredTimes',
}: {
  slots: Slot[];
  /** "Europe/Berlin" */
  zoneLabel: string;
  dayLabel: string;
  chosen: Set<string>;
  error?: string;
  multiple?: boolean;
  name?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : `${name}-hint`}>
      <legend className="font-medium">
        {multiple ? 'Preferred times' : 'New time'} on {dayLabel}{' '}
        <span className="text-ink-muted">{multiple ? '(required, choose up to 10)' : '(required)'}</span>
      </legend>
      <p id={`${name}-hint`} className="mt-1 text-sm text-ink-muted">
        Times are shown in <strong data-testid="slot-time-zone">{zoneLabel}</strong> time.{' '}
        {multiple ? 'We try them in order and confirm the first one a consultant is free for.' : 'We keep your consultant if they are free then.'}
      </p>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <ul className="mt-4 flex flex-wrap gap-2">
        {slots.map((slot) => (
          <li key={slot.start}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 py-2 has-[:checked]:border-accent">
              <input type={multiple ? 'checkbox' : 'radio'} name={name} value={slot.start} defaultChecked={chosen.has(slot.start)} className="h-4 w-4" />
              <time dateTime={slot.start}>{slot.label}</time>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
