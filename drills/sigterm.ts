import http from 'node:http';
import { createTestDatabase } from '../test-support/test-server.mjs';
import { probeDatabase } from '../test-support/drills/database-probe';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems, sleep } from '../test-support/drills/drill-result';
import { startProductionServer } from '../test-support/drills/production-server';
import { enqueueSlowJob, jobState } from '../test-support/drills/slow-job';

const WEB_GRACE_MS = 5_000;
const JOB_GRACE_MS = 6_000;

interface Scenario {
  name: string;
  /** Who gets SIGTERM: `npm start` alone (docker stop, kill <pid>) or its whole process group (systemd, Ctrl-C). */
  target: 'process' | 'group';
  /** How long the running job takes: within the job grace period it finishes, past it it is handed back. */
  jobMs: number;
  expectedJob: 'succeeded' | 'queued';
}

const SCENARIOS: Record<DrillForm, Scenario[]> = {
  short: [{ name: 'SIGTERM to npm start', target: 'process', jobMs: 2_500, expectedJob: 'succeeded' }],
  long: [
    { name: 'SIGTERM to npm start', target: 'process', jobMs: 2_500, expectedJob: 'succeeded' },
    { name: 'SIGTERM to the process group', target: 'group', jobMs: 2_500, expectedJob: 'succeeded' },
    { name: 'a job longer than the grace period', target: 'process', jobMs: 60_000, expectedJob: 'queued' },
  ],
};

/** A POST to /v1/inquiries whose body arrives in two parts, so it is in flight for as long as the drill wants. */
function slowInquiry(baseUrl: string, companyName: string) {
  const body = Buffer.from(
    JSON.stringify({ companyName, contactName: 'Tess Term', email: 'tess@sigterm.example', problemDescription: 'In flight at SIGTERM.' }),
  );
  let settle: (outcome: { status: number; body: string } | Error) => void = () => {};
  const outcome = new Promise<{ status: number; body: string } | Error>((resolve) => (settle = resolve));
  const request = http.request(`${baseUrl}/v1/inquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  request.on('response', (response) => {
    let text = '';
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => settle({ status: response.statusCode ?? 0, body: text }));
  });
  request.on('error', settle);
  request.write(body.subarray(0, 25));
  return { outcome, finish: () => request.end(body.subarray(25)) };
}

/** How a new connection fares: refused at once is the clean answer; anything else is reported as it is. */
async function newConnection(baseUrl: string): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(3_000) });
    return `answered ${response.status}`;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : `failed: ${code ?? (error as Error).name}`;
  }
}

async function runScenario(scenario: Scenario, log: Log) {
  const database = await createTestDatabase('toc-drill-term-');
  const problems: string[] = [];
  try {
    const server = await startProductionServer({
      databaseUrl: database.databaseUrl,
      env: { WEB_SHUTDOWN_GRACE_MS: String(WEB_GRACE_MS), JOB_SHUTDOWN_GRACE_MS: String(JOB_GRACE_MS), JOB_POLL_MS: '100' },
    });
    const job = await enqueueSlowJob(database.databaseUrl, scenario.jobMs);
    const running = Date.now() + 10_000;
    while ((await jobState(database.databaseUrl, job))?.status !== 'running' && Date.now() < running) await sleep(50);
    if ((await jobState(database.databaseUrl, job))?.status !== 'running') problems.push('the slow job never started');
    const companyName = `In Flight ${Date.now()}`;
    const inFlight = slowInquiry(server.baseUrl, companyName);
    await sleep(300);

    const signalled = Date.now();
    server.signal('SIGTERM', scenario.target);
    await sleep(300);
    const fresh = await newConnection(server.baseUrl);
    if (fresh !== 'refused') problems.push(`a new connection after SIGTERM was not refused: ${fresh}`);
    inFlight.finish();
    const answer = await inFlight.outcome;
    const inFlightResult = answer instanceof Error ? `failed: ${answer.message}` : String(answer.status);
    if (inFlightResult !== '200') problems.push(`the request in flight at SIGTERM got ${inFlightResult}`);
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => null)]);
    if (!exit) {
      server.signal('SIGKILL', 'group');
      problems.push('npm start had not exited 30 s after SIGTERM');
    }
    const seconds = exit ? (exit.at - signalled) / 1000 : NaN;
    if (exit && (exit.code !== 0 || exit.signal !== null)) problems.push(`npm start exited with ${exit.signal ?? exit.code}, not 0`);
    if (seconds * 1000 > Math.max(WEB_GRACE_MS, JOB_GRACE_MS) + 1_500) problems.push(`npm start took ${seconds.toFixed(1)} s to exit, past its grace period`);
    const jobAfter = await jobState(database.databaseUrl, job);
    if (jobAfter?.status !== scenario.expectedJob) problems.push(`the running job ended ${jobAfter?.status}, expected ${scenario.expectedJob}`);
    const probe = probeDatabase(database.databaseUrl);
    const stored = await probe.count('Inquiry', { column: 'companyName', value: companyName });
    await probe.close();
    if (stored !== 1) problems.push(`the in-flight inquiry was stored ${stored} times`);
    log(
      `${scenario.name}: exit ${exit?.code ?? '-'} after ${seconds.toFixed(1)} s; in flight ${inFlightResult}; new connection ${fresh}; job ${jobAfter?.status}`,
    );
    return { scenario, seconds, inFlightResult, fresh, job: jobAfter?.status ?? 'missing', exitCode: exit?.code ?? null, problems };
  } catch (error) {
    return {
      scenario,
      seconds: NaN,
      inFlightResult: '-',
      fresh: '-',
      job: '-',
      exitCode: null,
      problems: [...problems, `drill failed: ${(error as Error).message}`],
    };
  } finally {
    await database.remove();
  }
}

/**
 * SIGTERM to `npm start` while a request is in flight and a job is running: the request completes, new connections
 * are refused at once, the job runner finishes the job (or hands it back when it outlasts JOB_SHUTDOWN_GRACE_MS), and
 * `npm start` exits 0 within the grace period.
 */
export async function sigtermDrill({ form, log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const outcomes = [];
  for (const scenario of SCENARIOS[form]) outcomes.push(await runScenario(scenario, log));
  return {
    drill: 'SIGTERM',
    figures: [
      ['grace periods (web / jobs)', `${WEB_GRACE_MS / 1000} s / ${JOB_GRACE_MS / 1000} s`],
      ...outcomes.map((outcome): [string, string] => [
        outcome.scenario.name,
        `exit ${outcome.exitCode ?? '-'} in ${outcome.seconds.toFixed(1)} s; in-flight request ${outcome.inFlightResult}; new connection ${outcome.fresh}; ${(outcome.scenario.jobMs / 1000).toFixed(1)} s job ${outcome.job}`,
      ]),
    ],
    problems: firstProblems(outcomes.flatMap((outcome) => outcome.problems.map((problem) => `${outcome.scenario.name}: ${problem}`))),
  };
}
