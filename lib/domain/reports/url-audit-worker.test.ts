import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePage } from '@/test-support/audit/fixture-pages';
import type { LocalServer } from '@/test-support/audit/local-server';
import { startLocalServer } from '@/test-support/audit/local-server';
import { db } from '@/lib/db/client';
import { RUNNER_GONE_NOTE } from '@/lib/jobs/claim-kinds';
import { until } from '@/test-support/eventually';
import { workerProcesses } from '@/test-support/worker-processes';
import { getReport } from '.';
import { buyWebsiteAudit } from '../../../test-support/buy-audit';

/**
 * The real worker (`npm run worker`) auditing a real local page, allowed through AUDIT_ALLOWED_HOSTS as a server
 * would be, and killed with SIGKILL while the page is still loading.
 */
const workers = workerProcesses({ JOB_CONCURRENCY: '2' });
let site: LocalServer;
let requests = 0;
/** The first request hangs (the worker dies meanwhile); later ones get the page. */
let hanging: ServerResponse | undefined;

const startWorker = () => workers.start({ AUDIT_ALLOWED_HOSTS: site.hostPort });

beforeAll(async () => {
  site = await startLocalServer((_request, response) => {
    requests += 1;
    if (requests === 1) {
      hanging = response;
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(fixturePage('weak-offer'));
  });
});

afterAll(async () => {
  await workers.stopAll();
  hanging?.destroy();
  await site.close();
});

describe('a website audit whose worker is killed mid-audit', () => {
  it('is run again as soon as another worker starts on the host, and produces one report', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/offer`);
    const checkoutToken = (await db.report.findUniqueOrThrow({ where: { token } })).checkoutToken;

    const first = startWorker();
    await until(async () => requests === 1, 'the first worker to start fetching the page');
    const running = await db.job.findFirstOrThrow({ where: { type: 'reports.url-audit' } });
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    expect(running.leaseOwner).toContain(`:${first.child.pid}:`);
    expect((await getReport(token)).status).toBe('processing');
    first.child.kill('SIGKILL');
    await first.exit;

    const second = startWorker();
    const report = await until(async () => {
      const current = await getReport(token);
      return current.status === 'ready' ? current : null;
    }, 'the second worker to produce the report');

    expect(await db.report.count({ where: { checkoutToken } })).toBe(1);
    expect(report.summary?.counts.total).toBe(17);
    expect(report.summary?.page?.finalUrl).toBe(`${site.origin}/offer`);
    expect(requests).toBe(2);
    const done = await until(async () => {
      const job = await db.job.findFirstOrThrow({ where: { type: 'reports.url-audit' } });
      return job.status === 'succeeded' ? job : null;
    }, 'the job to be recorded as done');
    expect(done).toMatchObject({ attempts: 2, lastError: RUNNER_GONE_NOTE });
    expect(second.output()).toContain(`${running.id} reports.url-audit attempt 2/5 started`);
    // Produced once: one report-ready notice, so one email once the outbox is wired to the hook.
    const notices = await db.auditLog.findMany({ where: { entityType: 'report', entityId: token } });
    expect(notices.map((entry) => entry.action)).toEqual(['report.ready']);
  }, 90_000);
});
