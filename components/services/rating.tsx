import { outOfFive } from './rating-text';

/**
 * A rating as text ("Rated 4.5 out of 5") after decorative stars, filled to the exact fraction
 * (a full row of outline stars with a clipped row of solid ones on top).
 */
export function Rating({ value, prefix = 'Rated' }: { value: number; prefix?: string }) {
  const filled = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <p className="flex items-center gap-2 text-sm">
      <span aria-hidden="true" className="relative inline-block leading-none tracking-widest text-accent">
        <span>☆☆☆☆☆</span>
        <span className="absolute inset-y-0 left-0 overflow-hidden whitespace-nowrap" style={{ width: filled }}>
          ★★★★★
        </span>
      </span>
      <span>
        {prefix} {outOfFive(value)}
      </span>
    </p>
  );
}
