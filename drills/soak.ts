import { percentile } from '../test-support/bench-report.mjs';
import { residentBytes } from '../test-support/process-memory.mjs';
import { createTestDatabase } from '../test-support/test-server.mjs';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems, runSteps, sleep } from '../test-support/drills/drill-result';
import { startProductionServer } from '../test-support/drills/production-server';
import { descendantsRunning } from '../test-support/drills/process-tree';
import { selfServeDigest, write } from '../test-support/drills/writes';
import type { WriteKind } from '../test-support/drills/writes';

/** Mixed traffic, by weight: mostly reads of the API and pages, some of each write. */
const READS = [
  { weight: 25, path: () => '/v1/services' },
  { weight: 10, path: () => '/v1/services/website-offer-audit' },
  { weight: 10, path: () => '/v1/insights?limit=20' },
  {
    weight: 15,
    path: () =>
      `/v1/insights/search?q=${encodeURIComponent(['buffer', 'constraint drum', 'throughput accounting', 'bottleneck overtime', 'drum bu'][Math.floor(Math.random() * 5)]!)}`,
  },
  { weight: 5, path: () => '/v1/availability' },
  { weight: 5, path: () => '/v1/knowledge/toc-principles' },
  { weight: 10, path: () => ['/', '/services', '/insights', '/about'][Math.floor(Math.random() * 4)]!, html: true },
];
const WRITES: { weight: number; kind: WriteKind }[] = [
  { weight: 10, kind: 'inquiry' },
  { weight: 5, kind: 'booking' },
  { weight: 5, kind: 'checkout' },
];
const TOTAL_WEIGHT = [...READS, ...WRITES].reduce((sum, entry) => sum + entry.weight, 0);

const CLIENTS = 8;
const SAMPLE_MS = 5_000;

const median = (values: number[]) => percentile(values, 50);

/** The least-squares slope of [ms, bytes] points, in MB per minute (0 for fewer than two points). */
function slopePerMinute(points: [number, number][]): number {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return ((covariance / variance) * 60_000) / 1024 / 1024;
}
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Soak: SOAK_SECONDS (600) of mixed traffic from 8 clients against `npm start`. The web server's resident memory, the
 * median of the 30 s after warm-up (the first fifth, at least 120 s) against the median of the last 30 s, grows by less
 * than 10%, and no request fails. Long form only; prints the figures.
 */
export async function soakDrill({ log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  // Next loads each route's code and V8 grows its heap to the working size during the first minutes (the first run, with
  // 60 s, measured 414 MB at 55 s and 567 MB at 115 s, then 567 → 593 MB over the next 8 minutes).
  const warmUpMs = Math.max(120_000, seconds * 200);
  const database = await createTestDatabase('toc-drill-soak-');
  const problems: string[] = [];
  const samples: { at: number; web: number; worker: number }[] = [];
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let requests = 0;
  await runSteps(
    problems,
    async () => {
      const server = await startProductionServer({ databaseUrl: database.databaseUrl });
      const [web] = descendantsRunning(server.pid, 'web-server.mjs');
      const [worker] = descendantsRunning(server.pid, 'server/worker.ts');
      if (!web) throw new Error('could not find the web server process');
      const digest = await selfServeDigest(server.baseUrl);
      const started = Date.now();
      const ends = started + seconds * 1000;
      const failed = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);

      const client = async () => {
        while (Date.now() < ends) {
          let pick = Math.random() * TOTAL_WEIGHT;
          const read = READS.find((entry) => (pick -= entry.weight) < 0);
          const sent = Date.now();
          if (read) {
            const path = read.path();
            try {
              const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept: read.html ? 'text/html' : 'application/json' } });
              await response.arrayBuffer();
              if (response.status !== 200) failed(`GET ${path.split('?')[0]} ${response.status}`);
            } catch (error) {
              failed(`GET ${path.split('?')[0]} ${(error as { cause?: { code?: string } }).cause?.code ?? 'failed'}`);
            }
          } else {
            const kind = WRITES.find((entry) => (pick -= entry.weight) < 0)?.kind ?? 'inquiry';
            const outcome = await write(server.baseUrl, kind, digest);
            if (outcome.status !== 200) failed(`POST ${kind} ${outcome.status || 'no answer'}`);
          }
          latencies.push(Date.now() - sent);
          requests += 1;
        }
      };
      const sampler = async () => {
        while (Date.now() < ends) {
          samples.push({ at: Date.now() - started, web: residentBytes(web) ?? 0, worker: worker ? (residentBytes(worker) ?? 0) : 0 });
          if (samples.length % 12 === 0) log(`${Math.round((Date.now() - started) / 1000)} s: ${requests} requests, web ${megabytes(samples.at(-1)!.web)}`);
          await sleep(SAMPLE_MS);
        }
      };
      await Promise.all([sampler(), ...Array.from({ length: CLIENTS }, client)]);
      await server.stop();
    },
    () => database.remove(),
  );

  const window = (from: number, to: number) => samples.filter((sample) => sample.at >= from && sample.at < to);
  const afterWarmUp = window(warmUpMs, warmUpMs + 30_000);
  const last = window(seconds * 1000 - 30_000, Number.POSITIVE_INFINITY);
  const baseline = median(afterWarmUp.map((sample) => sample.web));
  const final = median(last.map((sample) => sample.web));
  const growth = (final / baseline - 1) * 100;
  if (!(growth < 10)) problems.push(`the web server's memory grew ${growth.toFixed(1)}% after warm-up (${megabytes(baseline)} → ${megabytes(final)})`);
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
  if (errorCount > 0) problems.push(`${errorCount} requests failed: ${[...errors].map(([what, count]) => `${count} × ${what}`).join(', ')}`);
  // A leak is a slope, not a step: the least-squares trend of every sample after warm-up, in MB a minute.
  const trend = slopePerMinute(samples.filter((sample) => sample.at >= warmUpMs).map((sample) => [sample.at, sample.web]));
  const workerBaseline = median(afterWarmUp.map((sample) => sample.worker));
  const workerFinal = median(last.map((sample) => sample.worker));
  return {
    drill: 'soak',
    figures: [
      ['duration, clients', `${seconds} s, ${CLIENTS}`],
      ['requests (rate)', `${requests} (${(requests / seconds).toFixed(0)} req/s)`],
      ['latency p50 / p99', `${percentile(latencies, 50)} ms / ${percentile(latencies, 99)} ms`],
      ['failed requests', errorCount],
      ['job runner RSS after warm-up → end', `${megabytes(workerBaseline)} → ${megabytes(workerFinal)}`],
      ['warm-up', `${warmUpMs / 1000} s`],
      ['web server RSS after warm-up → end', `${megabytes(baseline)} → ${megabytes(final)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%)`],
      ['web server RSS trend after warm-up', `${trend >= 0 ? '+' : ''}${trend.toFixed(2)} MB/min`],
    ],
    problems: firstProblems(problems),
  };
}
