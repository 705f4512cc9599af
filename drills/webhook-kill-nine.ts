import { callServerAction } from '../test-support/http/server-actions.mjs';
import { staffCookie } from '../test-support/http/staff';
import { createTestDatabase } from '../test-support/test-server.mjs';
import { openTestSql } from '../test-support/test-sql';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems, sleep } from '../test-support/drills/drill-result';
import { groupGone, startProductionServer } from '../test-support/drills/production-server';
import type { ProductionServer } from '../test-support/drills/production-server';
import { write } from '../test-support/drills/writes';
import { startWebhookReceiver } from '../test-support/webhooks/webhook-receiver';

const SETTINGS = {
  short: { rounds: 2, writers: 4, writeMs: 3_000 },
  long: { rounds: 5, writers: 8, writeMs: 5_000 },
};
/** Short leases, so a delivery a killed runner held is taken over within seconds instead of a minute. */
const LEASE_MS = 3_000;
/**
 * After the last restart, every acknowledged write's event must be answered 2xx. The drill waits as long as deliveries
 * keep arriving (a fixed window failed only because a faster runner let more writes through: 700 inquiries, each
 * refused once and retried 5 s later, took more than 90 s while never stalling), and calls it a loss when none has
 * arrived for SETTLE_STALL_MS, or after SETTLE_MAX_MS in all.
 */
const SETTLE_STALL_MS = 60_000;
const SETTLE_MAX_MS = 600_000;

/** Adds an endpoint on the receiver through the staff form, as an admin does; returns its secret. */
async function addEndpoint(server: ProductionServer, databaseUrl: string, url: string): Promise<string> {
  const form = new FormData();
  form.append('url', url);
  form.append('description', 'kill -9 drill');
  form.append('eventTypes', 'inquiry.created');
  const response = await callServerAction(server.baseUrl, {
    page: '/staff/webhooks',
    filename: 'app/staff/webhooks/actions.ts',
    exportedName: 'createEndpointAction',
    args: [{ values: {}, errors: {}, secret: null, endpointId: null }, form],
    cookie: await staffCookie('admin', databaseUrl),
  });
  const secret = /whsec_[A-Za-z0-9+/]{43}=/.exec(await response.text())?.[0];
  if (!secret) throw new Error(`the endpoint was not added (${response.status})`);
  return secret;
}

/**
 * Kill -9 in the middle of webhook retries: a receiver refuses the first attempt of every event (500: retried after
 * 5 s) and answers later ones slowly, so at any moment deliveries wait for their retry or are on the wire. Writers send
 * inquiries; between their writes and the retries the whole `npm start` group gets SIGKILL, then starts again on the
 * same database. At the end every acknowledged inquiry's `inquiry.created` must have been answered 2xx by the receiver
 * (which verifies each with standardwebhooks), and every delivery must be recorded as succeeded: none lost.
 */
export async function webhookKillNineDrill({ form, log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const settings = SETTINGS[form];
  const database = await createTestDatabase('toc-drill-webhooks-');
  const receiver = await startWebhookReceiver({
    answer: (_delivery, count) =>
      count === 1 ? { status: 500, body: 'first attempt refused by the drill' } : { status: 204, delayMs: 300 + Math.random() * 1_200 },
  });
  const env = { WEBHOOK_ALLOWED_HOSTS: receiver.server.hostPort, JOB_LEASE_MS: String(LEASE_MS) };
  const acknowledged = new Map<string, number>();
  const problems: string[] = [];
  const kills: string[] = [];
  let duplicates = 0;
  let slowestMs = 0;
  let unfinished = -1;
  let lostCount = -1;
  try {
    let server = await startProductionServer({ databaseUrl: database.databaseUrl, env });
    receiver.setSecrets('/hooks', [await addEndpoint(server, database.databaseUrl, receiver.url('/hooks'))]);
    for (let round = 1; round <= settings.rounds; round += 1) {
      let stop = false;
      const writer = async () => {
        while (!stop) {
          const outcome = await write(server.baseUrl, 'inquiry', '');
          if (outcome.id) acknowledged.set(outcome.id, Date.now());
          else if (outcome.status >= 500) problems.push(`round ${round}: an inquiry answered ${outcome.status}`);
        }
      };
      const writers = Array.from({ length: settings.writers }, writer);
      await sleep(settings.writeMs);
      stop = true;
      await Promise.all(writers);
      // First attempts have failed by now and their retries come due 5 s later: kill inside that window.
      const killAfter = 1_000 + Math.random() * 4_500;
      await sleep(killAfter);
      const onTheWire = receiver.deliveries.length;
      server.signal('SIGKILL', 'group');
      if (!(await groupGone(server.pid))) problems.push(`round ${round}: processes of the group outlived SIGKILL`);
      kills.push(`${(killAfter / 1000).toFixed(1)} s after the last write (${onTheWire} arrivals so far)`);
      log(`round ${round}: ${acknowledged.size} inquiries acknowledged; killed ${kills.at(-1)}`);
      server = await startProductionServer({ databaseUrl: database.databaseUrl, env });
    }

    // The ids answered 2xx so far, and the acknowledged ones still missing (one pass each, not a pass per id).
    const delivered = () =>
      new Set(receiver.deliveries.filter((delivery) => delivery.answeredStatus === 204).map((delivery) => delivery.event.data.id as string));
    const missing = (answered: Set<string>) => [...acknowledged.keys()].filter((id) => !answered.has(id));
    const deadline = Date.now() + SETTLE_MAX_MS;
    let answered = delivered();
    let progress = { count: answered.size, at: Date.now() };
    while (missing(answered).length > 0 && Date.now() < deadline && Date.now() - progress.at < SETTLE_STALL_MS) {
      await sleep(250);
      answered = delivered();
      if (answered.size > progress.count) progress = { count: answered.size, at: Date.now() };
    }
    const lost = missing(answered);
    lostCount = lost.length;
    if (lost.length > 0) problems.push(`${lost.length} acknowledged inquiries never delivered with a 2xx, e.g. ${lost[0]}`);
    const firstSuccess = new Map<string, number>();
    for (const delivery of receiver.deliveries.filter((each) => each.answeredStatus === 204)) {
      const id = delivery.event.data.id as string;
      if (firstSuccess.has(id)) duplicates += 1;
      else firstSuccess.set(id, delivery.receivedAt);
    }
    for (const [id, at] of acknowledged) slowestMs = Math.max(slowestMs, (firstSuccess.get(id) ?? at) - at);
    if (receiver.rejected.length > 0) problems.push(`${receiver.rejected.length} deliveries failed verification: ${receiver.rejected[0]!.reason}`);

    const sql = openTestSql(database.databaseUrl);
    try {
      await sleep(LEASE_MS);
      const stuck = await sql.all<Record<string, unknown>>(
        `SELECT d."status", d."attempts", d."trigger", j."status" AS "jobStatus", j."attempts" AS "jobAttempts", j."runAt", j."lastError"
           FROM "WebhookDelivery" d LEFT JOIN "Job" j ON j."id" = d."jobId" WHERE d."status" <> 'succeeded'`,
      );
      unfinished = stuck.length;
      if (unfinished > 0) problems.push(`${unfinished} deliveries not recorded as succeeded, e.g. ${JSON.stringify(stuck[0])}`);
    } finally {
      await sql.close();
    }
    server.signal('SIGTERM');
    await server.exited;
  } catch (error) {
    problems.push(`drill failed: ${(error as Error).message}`);
  } finally {
    await receiver.close();
    await database.remove();
  }
  return {
    drill: 'webhooks kill -9',
    figures: [
      ['rounds (SIGKILL to the process group mid-retry)', settings.rounds],
      ['receiver', 'verifies with standardwebhooks; 500 to every first attempt, then 204 after 0.3 to 1.5 s'],
      ['kills', kills.join('; ') || 'none'],
      ['acknowledged inquiries', acknowledged.size],
      ['acknowledged inquiries whose event no 2xx answered (lost)', lostCount],
      ['deliveries not recorded as succeeded', unfinished],
      ['repeated deliveries (at least once: same webhook-id)', duplicates],
      ['slowest write → first 2xx', `${(slowestMs / 1000).toFixed(1)} s`],
    ],
    problems: firstProblems(acknowledged.size === 0 ? [...problems, 'no inquiry was acknowledged'] : problems),
  };
}
