/** One line of the chart: its values, one a day, in order. */
interface Series {
  label: string;
  values: readonly number[];
  className: string;
  dashed?: boolean;
}

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { left: 40, right: 8, top: 12, bottom: 24 };

/** The points of a series on the plot, left to right. */
function pointsOf(values: readonly number[], max: number, days: number): string {
  const step = days > 1 ? (WIDTH - PAD.left - PAD.right) / (days - 1) : 0;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  return values.map((value, index) => `${(PAD.left + index * step).toFixed(1)},${(PAD.top + plotHeight - (value / max) * plotHeight).toFixed(1)}`).join(' ');
}

/**
 * A line chart drawn on the server as SVG: no script, and presentation attributes and classes only, so it lives
 * under the strict Content-Security-Policy (no inline style). It is a picture for sighted readers; the same figures
 * are in the table beside it, which screen readers read instead (the SVG is hidden from them).
 */
export function TrendChart({ series, firstDay, lastDay, title }: { series: Series[]; firstDay: string; lastDay: string; title: string }) {
  const days = Math.max(1, ...series.map((line) => line.values.length));
  const max = Math.max(1, ...series.flatMap((line) => line.values));
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" focusable="false" data-testid="trend-chart">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className="stroke-line" strokeWidth="1" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} className="stroke-line" strokeWidth="1" strokeDasharray="2 4" />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="fill-ink-muted text-[11px]">
          {max}
        </text>
        <text x={PAD.left - 6} y={HEIGHT - PAD.bottom + 4} textAnchor="end" className="fill-ink-muted text-[11px]">
          0
        </text>
        <text x={PAD.left} y={HEIGHT - 6} className="fill-ink-muted text-[11px]">
          {firstDay}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-ink-muted text-[11px]">
          {lastDay}
        </text>
        {series.map((line) => (
          <polyline
            key={line.label}
            points={pointsOf(line.values, max, days)}
            fill="none"
            strokeWidth="2"
            strokeLinejoin="round"
            className={line.className}
            strokeDasharray={line.dashed ? '6 4' : undefined}
          />
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-ink-muted">
        <span className="sr-only">{title}: </span>
        {series.map((line) => (
          <span key={line.label} className="flex items-center gap-2">
            <svg width="24" height="8" aria-hidden="true" focusable="false">
              <line x1="0" x2="24" y1="4" y2="4" strokeWidth="2" className={line.className} strokeDasharray={line.dashed ? '6 4' : undefined} />
            </svg>
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
