import { outOfFive } from './rating-text';

/**
 * Width of the solid stars, in quarter stars (5 % of the row each). Literal class names, so Tailwind generates them;
 * a class and not a style attribute, because the pages' Content-Security-Policy allows no inline styles.
 */
const FILLED_WIDTH = [
  'w-0',
  'w-[5%]',
  'w-[10%]',
  'w-[15%]',
  'w-[20%]',
  'w-[25%]',
  'w-[30%]',
  'w-[35%]',
  'w-[40%]',
  'w-[45%]',
  'w-[50%]',
  'w-[55%]',
  'w-[60%]',
  'w-[65%]',
  'w-[70%]',
  'w-[75%]',
  'w-[80%]',
  'w-[85%]',
  'w-[90%]',
  'w-[95%]',
  'w-full',
] as const;

/** The class that fills `value` (0 to 5) stars, to the nearest quarter star. */
export function filledWidthClass(value: number): string {
  return FILLED_WIDTH[Math.round(Math.max(0, Math.min(5, value)) * 4)]!;
}

/**
 * A rating as text ("Rated 4.5 out of 5") after decorative stars, filled to the nearest quarter star
 * (a full row of outline stars with a clipped row of solid ones on top).
 */
export function Rating({ value, prefix = 'Rated' }: { value: number; prefix?: string }) {
  return (
    <p className="flex items-center gap-2 text-sm">
      <span aria-hidden="true" className="relative inline-block leading-none tracking-widest text-accent">
        <span>☆☆☆☆☆</span>
        <span className={`absolute inset-y-0 left-0 overflow-hidden whitespace-nowrap ${filledWidthClass(value)}`}>★★★★★</span>
      </span>
      <span>
        {prefix} {outOfFive(value)}
      </span>
    </p>
  );
}
