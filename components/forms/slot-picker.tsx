'use client';

import { useVisitorTimeZone } from './use-visitor-time-zone';

export interface Slot {
  start: string;
  consultantCount: number;
}

function groupByDay(slots: Slot[], timeZone: string) {
  const dayOf = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone });
  const groups = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = dayOf.format(new Date(slot.start));
    groups.set(day, [...(groups.get(day) ?? []), slot]);
  }
  return [...groups.entries()];
}

/** Free start times as checkboxes, grouped by day and labelled in the visitor's own time zone. */
export function SlotPicker({ slots, firmTimeZone, chosen, error }: { slots: Slot[]; firmTimeZone: string; chosen: Set<string>; error?: string }) {
  const timeZone = useVisitorTimeZone(firmTimeZone);
  const timeOf = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
  return (
    <fieldset aria-describedby={error ? 'preferredTimes-error' : 'preferredTimes-hint'}>
      <legend className="font-medium">
        Preferred times <span className="text-ink-muted">(required, choose up to 10)</span>
      </legend>
      <p id="preferredTimes-hint" className="mt-1 text-sm text-ink-muted">
        Times are shown in <strong data-testid="slot-time-zone">{timeZone.replace(/_/g, ' ')}</strong> time. We try them in order and
        confirm the first one a consultant is free for.
      </p>
      {error && (
        <p id="preferredTimes-error" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="mt-4 space-y-6">
        {groupByDay(slots, timeZone).map(([day, daySlots]) => (
          <div key={day}>
            <h3 className="font-semibold">{day}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {daySlots.map((slot) => (
                <li key={slot.start}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 py-2 has-[:checked]:border-accent">
                    <input type="checkbox" name="preferredTimes" value={slot.start} defaultChecked={chosen.has(slot.start)} className="h-4 w-4" />
                    <time dateTime={slot.start}>{timeOf.format(new Date(slot.start))}</time>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
