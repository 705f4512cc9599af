import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixturePage } from '@/test-support/audit/fixture-pages';
import type { LocalServer } from '@/test-support/audit/local-server';
import { startLocalServer } from '@/test-support/audit/local-server';
import { captureLog } from '@/test-support/log-capture';
import type { SafeFetchOptions } from '@/lib/website-audit/safe-fetch';
import { db } from '@/lib/db/client';
import { jobHandlers } from '@/lib/domain/jobs/job-handlers';
import type { JobHandlers } from '@/lib/jobs/job-runner';
import { claimReportForProcessing, getReport, rerunUrlAudit, runUrlAudit, URL_AUDIT_FETCH_ATTEMPTS } from '.';
import { reportIdOf } from '../webhooks/event-payloads';
import { buyLocalAudit, buyWebsiteAudit } from '../../../test-support/buy-audit';
import { testJobRunner } from '../../../test-support/jobs/test-job-runner';
import { manualClock, type ManualClock } from '../../../test-support/manual-clock';

const START = '2026-11-23T14:00:00.000Z';
/** Every purchase here is paid at the clocks' start, so its audit job is due on them. */
const PAID_AT_START = { now: new Date(START) };

/** A clock the test moves by hand, so retries come when the test says. Purchases are made on it too (never on the wall clock). */
const clockAtStart = () => manualClock(START);

const ADMIN = { id: 'stf_admin', email: 'admin@throughline.example', displayName: 'Ada Admin', role: 'admin' as const };

/** The real handlers, with the audit job allowed to fetch the test's local page (what AUDIT_ALLOWED_HOSTS does in a server). */
function handlersFetching(fetchOptions: SafeFetchOptions, audit?: Parameters<typeof runUrlAudit>[1]['audit']): JobHandlers {
  return {
    ...jobHandlers,
    'reports.url-audit': ({ reportToken }, { job, now }) => runUrlAudit(reportToken, { attempt: job.attempts, now, fetchOptions, audit }),
  };
}

function runner(clock: ManualClock, handlers: JobHandlers = jobHandlers) {
  return testJobRunner(clock, { handlers, concurrency: 1 });
}

const auditJobs = () => db.job.findMany({ where: { type: 'reports.url-audit' }, orderBy: { createdAt: 'asc' } });
const auditTrail = async (token: string) =>
  (await db.auditLog.findMany({ where: { entityType: 'report', entityId: token }, orderBy: { id: 'asc' } })).map((entry) => [entry.actorId, entry.action]);

let site: LocalServer;
/** What the local page answers; each test sets it. */
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const serveWeakOffer = (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(fixturePage('weak-offer'));
};

beforeEach(async () => {
  await db.job.deleteMany();
  answer = serveWeakOffer;
  site = await startLocalServer((request, response) => answer(request, response));
});

afterEach(async () => {
  await site.close();
});

describe('the website audit job', () => {
  it('is written with the report when the audit is paid for; a local-visibility audit gets none and waits for a consultant', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    const jobs = await auditJobs();
    expect(jobs.map((job) => [job.status, job.payload, job.maxAttempts])).toEqual([['queued', { reportToken: token }, 5]]);
    expect(await db.report.findUniqueOrThrow({ where: { token }, select: { producer: true, status: true } })).toEqual({ producer: 'system', status: 'queued' });

    const local = await buyLocalAudit(undefined, PAID_AT_START);
    expect(await auditJobs()).toHaveLength(1);
    expect(await db.report.findUniqueOrThrow({ where: { token: local }, select: { producer: true, status: true } })).toEqual({
      producer: 'consultant',
      status: 'queued',
    });
  });

  it('moves the report queued → processing → ready with the findings of the real page, and tells once', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    const seenWhileFetching: string[] = [];
    answer = (request, response) => {
      // The report as it stands while the audit is fetching the page.
      void db.report.findUniqueOrThrow({ where: { token } }).then((report) => {
        seenWhileFetching.push(report.status);
        serveWeakOffer(request, response);
      });
    };
    const clock = clockAtStart();
    const log = captureLog('info');
    try {
      expect(await runner(clock, handlersFetching({ allowedHosts: [site.hostPort] })).tick()).toBe(1);
    } finally {
      log.restore();
    }

    expect(seenWhileFetching).toEqual(['processing']);
    const reportLines = log.lines.filter((line) => line.component === 'reports');
    expect(reportLines.map((line) => [line.level, line.reportId, line.findings, line.msg])).toEqual([
      ['info', reportIdOf(token), 17, 'website audit done; the report is ready'],
    ]);
    const report = await getReport(token);
    expect(report).toMatchObject({ status: 'ready', readyAt: '2026-11-23T14:00:00.000Z', failureReason: null });
    expect(report.findings?.slice(0, 3).map((finding) => finding.id)).toEqual(['basics.not-https', 'offer.cta-below-fold', 'offer.competing-ctas']);
    expect(report.summary?.counts).toEqual({ critical: 1, major: 9, minor: 7, info: 0, total: 17 });
    expect(report.summary?.page).toMatchObject({ requestedUrl: `${site.origin}/`, finalUrl: `${site.origin}/`, redirectCount: 0, https: false });
    expect((await auditJobs()).map((job) => [job.status, job.attempts])).toEqual([['succeeded', 1]]);
    expect(await auditTrail(token)).toEqual([['system', 'report.ready']]);

    // Run once more (a retried or duplicated job): nothing changes.
    expect(await runUrlAudit(token, { attempt: 1, fetchOptions: { allowedHosts: [site.hostPort] } })).toBe('already-finished');
    expect(await getReport(token)).toEqual(report);
    expect(site.connections()).toBe(1);
  });

  it("fails at once with the buyer's sentence when the page is refused, fetching nothing, and tells the firm", async () => {
    // The real handler: AUDIT_ALLOWED_HOSTS is empty here, so a loopback page on another port is refused before any connection.
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    expect(await runner(clockAtStart()).tick()).toBe(1);
    const report = await getReport(token);
    expect(report.status).toBe('failed');
    expect(report.failureReason).toBe(`The page at ${site.origin}/ is served on port ${site.port}; we only audit pages on the standard web ports 80 and 443.`);
    expect(site.connections()).toBe(0);
    expect((await auditJobs()).map((job) => [job.status, job.attempts])).toEqual([['succeeded', 1]]);
    const [notice] = await db.auditLog.findMany({ where: { entityId: token } });
    expect(notice).toMatchObject({
      actorId: 'system',
      action: 'report.failed',
      details: { serviceId: 'website-offer-audit', failureReason: report.failureReason },
    });
  });

  it(`retries a page that does not answer, and fails it with the timeout sentence after ${URL_AUDIT_FETCH_ATTEMPTS} attempts`, async () => {
    answer = () => {}; // never answers
    const token = await buyWebsiteAudit(`${site.origin}/slow`, PAID_AT_START);
    const clock = clockAtStart();
    const jobRunner = runner(clock, handlersFetching({ allowedHosts: [site.hostPort], timeoutMs: 200 }));
    for (const attempt of [1, 2]) {
      expect(await jobRunner.tick()).toBe(1);
      expect((await getReport(token)).status).toBe('processing');
      const [job] = await auditJobs();
      expect(job).toMatchObject({
        status: 'queued',
        attempts: attempt,
        lastError: `SafeFetchError: TIMEOUT: The page at ${site.origin}/slow did not answer within 0.2 seconds.`,
      });
      clock.advance(job!.runAt.getTime() - clock.now().getTime());
    }
    expect(await jobRunner.tick()).toBe(1);
    expect(await getReport(token)).toMatchObject({ status: 'failed', failureReason: `The page at ${site.origin}/slow did not answer within 0.2 seconds.` });
    expect((await auditJobs()).map((job) => [job.status, job.attempts])).toEqual([['succeeded', 3]]);
    expect(site.connections()).toBe(3);
    expect(await auditTrail(token)).toEqual([['system', 'report.failed']]);
  });

  it('produces the report on the next attempt when the page was down for a moment', async () => {
    let requests = 0;
    answer = (request, response) => {
      requests += 1;
      if (requests === 1) {
        response.writeHead(503, { 'content-type': 'text/html' });
        return response.end('<h1>Down for maintenance</h1>');
      }
      serveWeakOffer(request, response);
    };
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    const clock = clockAtStart();
    const jobRunner = runner(clock, handlersFetching({ allowedHosts: [site.hostPort] }));
    await jobRunner.tick();
    expect((await getReport(token)).status).toBe('processing');
    clock.advance(60_000);
    await jobRunner.tick();
    expect((await getReport(token)).status).toBe('ready');
    expect((await auditJobs()).map((job) => [job.status, job.attempts])).toEqual([['succeeded', 2]]);
  });

  it('fails a page that is simply not there at once: a 404 does not pass', async () => {
    answer = (_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not found</h1>');
    };
    const token = await buyWebsiteAudit(`${site.origin}/gone`, PAID_AT_START);
    await runner(clockAtStart(), handlersFetching({ allowedHosts: [site.hostPort] })).tick();
    expect(await getReport(token)).toMatchObject({
      status: 'failed',
      failureReason: `The page at ${site.origin}/gone answered with HTTP status 404 instead of the page.`,
    });
  });

  it('retries a fault of ours, then fails the report with our apology and leaves the job dead with the error for admins', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    const clock = clockAtStart();
    const crashingRule = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'text')");
    };
    const log = captureLog('info');
    const jobRunner = runner(clock, handlersFetching({}, crashingRule));
    try {
      for (let attempt = 1; attempt <= URL_AUDIT_FETCH_ATTEMPTS; attempt += 1) {
        await jobRunner.tick();
        clock.advance(60_000);
      }
    } finally {
      log.restore();
    }
    expect(await getReport(token)).toMatchObject({
      status: 'failed',
      failureReason: `The audit of ${site.origin}/ stopped because of an error on our side. We have been notified and will run it again or refund the fee.`,
    });
    const [job] = await auditJobs();
    expect(job).toMatchObject({ status: 'dead', attempts: 3 });
    // Job.lastError (shown to admins, and logged) names the report by its public id; the token would open it.
    expect(job!.lastError).toBe(
      `PermanentJobError: The audit of report ${reportIdOf(token)} failed on our side: TypeError: Cannot read properties of undefined (reading 'text')`,
    );
    // Report production's own line carries the report's id; no line carries its token.
    const reportLines = log.lines.filter((line) => line.component === 'reports');
    expect(reportLines.map((line) => [line.level, line.reportId, line.msg])).toEqual([
      ['warn', reportIdOf(token), 'website audit failed; the report is failed'],
    ]);
    // The runner's line of the dead job quotes its error.
    expect(log.lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual([
      expect.stringContaining(`reports.url-audit failed: PermanentJobError: The audit of report ${reportIdOf(token)} failed on our side`),
    ]);
    expect(JSON.stringify(log.lines)).not.toContain(token);
  });

  it('audits afresh a report left processing by an attempt that died, and produces it once', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    // What a worker killed mid-fetch leaves behind: the report claimed, no outcome recorded.
    expect(await claimReportForProcessing(token)).toBe(true);
    await runner(clockAtStart(), handlersFetching({ allowedHosts: [site.hostPort] })).tick();
    expect((await getReport(token)).status).toBe('ready');
    expect(await auditTrail(token)).toEqual([['system', 'report.ready']]);
  });

  it('refuses, as a permanent failure, a job for a report the system does not write', async () => {
    const local = await buyLocalAudit(undefined, PAID_AT_START);
    await expect(runUrlAudit(local, { attempt: 1 })).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: `Report ${reportIdOf(local)} is not a website audit; a consultant writes it.`,
    });
    await expect(runUrlAudit('no-such-report', { attempt: 1 })).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: `Report ${reportIdOf('no-such-report')} does not exist.`,
    });
    expect((await getReport(local)).status).toBe('queued');
  });
});

describe('running a failed website audit again', () => {
  it('queues the report with a new job; the next run produces it', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    const clock = clockAtStart();
    await runner(clock).tick(); // refused: not allowed yet
    expect((await getReport(token)).status).toBe('failed');

    await rerunUrlAudit(ADMIN, token, clock.now());
    expect(await getReport(token)).toMatchObject({ status: 'queued', failureReason: null });
    expect((await auditJobs()).map((job) => job.status)).toEqual(['succeeded', 'queued']);
    // Everything due: the firm's failure notice from the first run, then the audit.
    const again = runner(clock, handlersFetching({ allowedHosts: [site.hostPort] }));
    while ((await again.tick()) > 0);
    expect((await getReport(token)).status).toBe('ready');
    expect(await auditTrail(token)).toEqual([
      ['system', 'report.failed'],
      [ADMIN.id, 'report.rerun'],
      ['system', 'report.ready'],
    ]);
  });

  it('refuses a report that has not failed, and a consultant report', async () => {
    const token = await buyWebsiteAudit(`${site.origin}/`, PAID_AT_START);
    await expect(rerunUrlAudit(ADMIN, token)).rejects.toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'Only a failed website audit can be run again; this report is queued.',
    });
    await expect(rerunUrlAudit(ADMIN, await buyLocalAudit(undefined, PAID_AT_START))).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(rerunUrlAudit(ADMIN, 'no-such-report')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await auditJobs()).toHaveLength(1);
  });
});
