import Link from 'next/link';
import type { DayChoice } from '@/lib/site/days-in-zone';

export type { DayChoice };

/**
 * The next days with free time, as links: each loads the same page with `day` (and the zone) in the address, so it
 * works without JavaScript and a chosen day can be shared or bookmarked.
 */
export function DayPicker({ days, chosen, hrefFor }: { days: DayChoice[]; chosen: string; hrefFor: (date: string) => string }) {
  return (
    <nav aria-labelledby="day-picker-heading">
      <h2 id="day-picker-heading" className="font-medium">
        Choose a day
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {days.map((day) => {
          const current = day.date === chosen;
          return (
            <li key={day.date}>
              <Link
                href={hrefFor(day.date)}
                // Each day is a page rendered for the request (free times change by the minute): prefetching ten of
                // them on every visit cost the server ten renders and the phone their parsing, for one click at most.
                prefetch={false}
                scroll={false}
                aria-current={current ? 'date' : undefined}
                data-testid={`day-${day.date}`}
                className={`block rounded-md border px-3 py-2 text-sm underline-offset-4 hover:underline ${current ? 'border-accent bg-accent text-paper' : 'border-line bg-surface'}`}
              >
                <span className="block font-semibold">{day.shortLabel}</span>
                <span className="block">
                  {day.slotCount} {day.slotCount === 1 ? 'time' : 'times'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
