import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acceptRunnerSnapshot, exposition, metrics, statusClass } from './metrics.mjs';
import { requestIdOf } from './request-observer.mjs';

/**
 * The process's metrics and how a runner's reach the web server's /metrics. (A real Prometheus scrapes a real server
 * in e2e/api/metrics.test.ts.) A runner process is simulated by a child process building its snapshot.
 */
function snapshotOfAnotherProcess(): unknown {
  const script = `
    import { metrics, runnerSnapshot } from './lib/observability/metrics.mjs';
    const series = metrics('runner');
    series.jobRunDuration.observe({ type: 'mail.send', outcome: 'succeeded' }, 0.25);
    series.jobsDied.inc({ type: 'mail.send' });
    series.jobQueueOldestDueAge.set(99);
    process.stdout.write(JSON.stringify(await runnerSnapshot('host:1:abc')));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

describe('metrics', () => {
  it("show the runner's series beside this process's, each labelled with its process, without the runner's copies of the database series", async () => {
    metrics('web').httpRequestDuration.observe({ method: 'GET', route: '/v1/services', status_class: '2xx' }, 0.01);
    const snapshot = snapshotOfAnotherProcess() as { type: string; runner: string; metrics: { name: string }[] };
    expect([snapshot.type, snapshot.runner]).toEqual(['metrics:snapshot', 'host:1:abc']);
    // The database series are read by the process serving /metrics; a runner's would be zeros.
    expect(snapshot.metrics.map((metric) => metric.name)).not.toContain('job_queue_oldest_due_age_seconds');
    acceptRunnerSnapshot(snapshot);
    const { body, contentType } = await exposition();
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(body).toContain('job_run_duration_seconds_count{type="mail.send",outcome="succeeded",process="runner"} 1');
    expect(body).toContain('jobs_dead_total{type="mail.send",process="runner"} 1');
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="/v1/services",status_class="2xx",process="web"} 1');
    expect(body).toMatch(/process_resident_memory_bytes\{process="web"\} \d+/);
    expect(body).toMatch(/process_resident_memory_bytes\{process="runner"\} \d+/);
  });

  it('ignore what is no snapshot', async () => {
    for (const message of [null, { type: 'metrics:snapshot' }, { runner: 'x', metrics: 'not a list' }]) acceptRunnerSnapshot(message);
    expect((await exposition()).body).not.toContain('process="x"');
  });

  it('name statuses by class, a few label values however many statuses exist', () => {
    expect([200, 204, 301, 404, 429, 503].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx']);
  });
});

describe('requestIdOf', () => {
  it.each([
    ['req-1', 'req-1'],
    ['a'.repeat(128), 'a'.repeat(128)],
    ['~!@#$%^&*()_+{}|:"<>?', '~!@#$%^&*()_+{}|:"<>?'],
  ])('keeps a sane id %s', (sent, kept) => {
    expect(requestIdOf(sent)).toBe(kept);
  });

  it.each([[undefined], [''], ['a'.repeat(129)], ['two words'], ['tab\there'], ['é']])('replaces %j with a UUID', (sent) => {
    expect(requestIdOf(sent)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reads the first of repeated headers', () => {
    expect(requestIdOf(['first', 'second'])).toBe('first');
  });
});
