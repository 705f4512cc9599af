import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { withRealClock } from './outside-clock.mjs';

/**
 * A real Prometheus (Debian's `prometheus` package, with `promtool`) for tests: it scrapes a target every second
 * and answers PromQL over its HTTP API. Null from `findPrometheus` when it is not installed (`apt-get install -y
 * prometheus`; .ci/run installs it).
 */

function executable(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin']) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function findPrometheus(): { prometheus: string; promtool: string } | null {
  const prometheus = executable('prometheus');
  const promtool = executable('promtool');
  return prometheus && promtool ? { prometheus, promtool } : null;
}

/** `promtool check metrics` on an exposition: its exit code and what it said (nothing when the text is clean). */
export function checkMetrics(exposition: string): { code: number; output: string } {
  const result = spawnSync(findPrometheus()!.promtool, ['check', 'metrics'], { input: exposition, encoding: 'utf8' });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}`.trim() };
}

export interface Prometheus {
  url: string;
  /** An instant PromQL query: the result's samples as label sets and numbers. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

/** Starts Prometheus on a free port, scraping `target` (host:port) every second, with a bearer token when given. */
export async function startPrometheus({ target, bearerToken }: { target: string; bearerToken?: string }): Promise<Prometheus> {
  const { prometheus } = findPrometheus()!;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-prometheus-'));
  const port = await freePort();
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    'scrape_configs:',
    '  - job_name: throughline',
    ...(bearerToken ? ['    authorization:', `      credentials: ${bearerToken}`] : []),
    '    static_configs:',
    `      - targets: ['${target}']`,
  ].join('\n');
  writeFileSync(path.join(dir, 'prometheus.yml'), `${config}\n`);
  const child = spawn(
    prometheus,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    // An outside program with its own clock (it stamps every scrape and answers queries at its own now), so not under
    // the suite's faketime.
    { stdio: ['ignore', 'pipe', 'pipe'], env: withRealClock() },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${output}`);
    const ready = await fetch(`${url}/-/ready`).catch(() => null);
    if (ready?.ok) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not become ready: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async query(promql) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await response.json()) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
      if (body.status !== 'success') throw new Error(`query ${promql} failed: ${JSON.stringify(body)}`);
      return body.data.result.map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
