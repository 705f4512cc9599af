import { db } from '@/lib/db/client';
import type { CommitmentKind } from './commitment-kinds';
import { COMMITMENT_KINDS } from './commitment-kinds';

/** The commitments of one kind as a scrape sees them now. */
export interface CommitmentGaugeSample {
  kind: CommitmentKind;
  /** State open (including those past due the watch has not marked yet). */
  open: number;
  /** Not kept and past the due time: open or missed. */
  overdue: number;
  /** State missed: past due, marked by the watch, still not kept. */
  missed: number;
}

/**
 * The numbers behind the /metrics gauges, from the database at `now`: two grouped counts, bounded by the indexes on
 * (state, dueAt) and (kind, …), whatever the number of rows. Every kind is present, with zeros, so a series never
 * disappears when a count drops to nothing.
 */
export async function commitmentGaugeSamples(now = new Date()): Promise<CommitmentGaugeSample[]> {
  const [byState, overdue] = await Promise.all([
    db.commitment.groupBy({ by: ['kind', 'state'], where: { state: { in: ['open', 'missed'] } }, _count: { _all: true } }),
    db.commitment.groupBy({ by: ['kind'], where: { state: { in: ['open', 'missed'] }, dueAt: { lte: now } }, _count: { _all: true } }),
  ]);
  const count = (kind: string, state: string) => byState.find((group) => group.kind === kind && group.state === state)?._count._all ?? 0;
  return COMMITMENT_KINDS.map((kind) => ({
    kind,
    open: count(kind, 'open'),
    overdue: overdue.find((group) => group.kind === kind)?._count._all ?? 0,
    missed: count(kind, 'missed'),
  }));
}

/** What prom-client's Gauge calls `this` in `collect()`: only `set` with the `kind` label is used. */
export interface LabelledGauge {
  set(labels: { kind: string }, value: number): void;
}

/** A prom-client GaugeConfiguration for `new Gauge({ ...config, registers: [registry] })`. */
export interface CommitmentGaugeConfig {
  name: string;
  help: string;
  labelNames: ['kind'];
  collect(this: LabelledGauge): Promise<void>;
}

const GAUGES = [
  { name: 'commitments_open', help: 'Promises to people (commitments) open now, by kind.', field: 'open' },
  { name: 'commitments_overdue', help: 'Commitments past their due time and not kept (open or missed), by kind.', field: 'overdue' },
  { name: 'commitments_missed', help: 'Commitments marked missed and not kept since, by kind.', field: 'missed' },
] as const;

/**
 * The three commitment gauges as prom-client configurations, computed at scrape time by their `collect()`. The three
 * share one reading of the database per scrape: the first gauge collected starts it, the other two reuse it (readings
 * older than `maxAgeMs` are taken afresh). prom-client is not imported here: the metrics registry registers them with
 *   for (const gauge of commitmentGaugeConfigs()) new Gauge({ ...gauge, registers: [registry] });
 */
export function commitmentGaugeConfigs({
  samples = () => commitmentGaugeSamples(),
  maxAgeMs = 1000,
  clock = () => Date.now(),
}: { samples?: () => Promise<CommitmentGaugeSample[]>; maxAgeMs?: number; clock?: () => number } = {}): CommitmentGaugeConfig[] {
  let reading: { at: number; samples: Promise<CommitmentGaugeSample[]> } | undefined;
  const current = () => {
    if (!reading || clock() - reading.at > maxAgeMs) {
      reading = { at: clock(), samples: samples() };
      // A failed reading is not reused: the next scrape tries again.
      reading.samples.catch(() => (reading = undefined));
    }
    return reading.samples;
  };
  return GAUGES.map(({ name, help, field }) => ({
    name,
    help,
    labelNames: ['kind'],
    async collect(this: LabelledGauge) {
      for (const sample of await current()) this.set({ kind: sample.kind }, sample[field]);
    },
  }));
}
