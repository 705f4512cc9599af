/** One bar of the chart: a week and its on-time rate (0 to 1), or null when no promise of the kind fell due in it. */
export interface OnTimeBar {
  label: string;
  rate: number | null;
  /** Promises whose outcome is known, for the description. */
  total: number;
}

const WIDTH = 360;
const HEIGHT = 132;
const PLOT = { left: 34, right: 6, top: 8, bottom: 22 };
const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/**
 * The on-time rate of one kind of promise, week by week, as bars: drawn on the server as plain SVG (no script, no
 * inline style, so the strict Content-Security-Policy holds), coloured by the site's stylesheet so it follows the
 * light and dark schemes. The figures are also in the table beside it; the description tells them to screen readers.
 */
export function OnTimeChart({ id, title, bars }: { id: string; title: string; bars: OnTimeBar[] }) {
  const step = (WIDTH - PLOT.left - PLOT.right) / Math.max(1, bars.length);
  const barWidth = Math.max(4, step * 0.62);
  const description = bars.map((bar) => `${bar.label}: ${bar.rate === null ? 'none due' : `${percent(bar.rate)} of ${bar.total}`}`).join('; ');
  const y = (rate: number) => PLOT.top + plotHeight * (1 - rate);
  return (
    <figure className="rounded-lg border border-line bg-surface p-3" data-testid={`chart-${id}`}>
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mt-2 h-auto max-w-full text-ink-muted"
      >
        <title id={`${id}-title`}>{`${title}: on-time rate by week`}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {[0, 0.5, 1].map((rate) => (
          <g key={rate}>
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(rate)} y2={y(rate)} className="stroke-line" strokeWidth={1} />
            <text x={PLOT.left - 4} y={y(rate) + 3} textAnchor="end" fontSize={9} className="fill-ink-muted">
              {percent(rate)}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => {
          const x = PLOT.left + i * step + (step - barWidth) / 2;
          return (
            <g key={bar.label}>
              {bar.rate === null ? (
                <line x1={x} x2={x + barWidth} y1={y(0) - 1} y2={y(0) - 1} className="stroke-ink-muted" strokeWidth={1.5} strokeDasharray="2 2" />
              ) : (
                <rect x={x} y={y(bar.rate)} width={barWidth} height={Math.max(1, plotHeight * bar.rate)} className="fill-accent" rx={1.5} />
              )}
              {((bars.length - 1 - i) % 2 === 0 || bars.length <= 6) && (
                <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={9} className="fill-ink-muted">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
