import fc from 'fast-check';
import { callServerAction } from '../test-support/http/server-actions.mjs';
import { staffCookie } from '../test-support/http/staff';
import { openTestSql } from '../test-support/test-sql';
import type { StaffFormCall } from '../test-support/fuzz/staff-webhook-forms';
import { staffWebhookFormCalls, WEBHOOK_ACTIONS_FILE } from '../test-support/fuzz/staff-webhook-forms';

/** An address the fuzz server may use for webhook endpoints (WEBHOOK_ALLOWED_HOSTS): nothing listens there. */
export const FUZZ_WEBHOOK_HOST = '127.0.0.1:9';

const CHUNK = 50;
const CONCURRENCY = 3;

export interface StaffFormFuzz {
  sent: number;
  statuses: Map<number, number>;
  problems: Map<string, string>;
}

const summary = (call: StaffFormCall) =>
  `${call.exportedName}(${call.args
    .map((arg) => (arg instanceof FormData ? JSON.stringify([...arg.entries()]).slice(0, 160) : JSON.stringify(arg)?.slice(0, 80)))
    .join(', ')})`;

/**
 * The /staff/webhooks forms, fuzzed as a signed-in admin: every action with fields drawn near and far from what it
 * accepts (test-support/fuzz/staff-webhook-forms.ts), including ids that are not strings and bodies that are not forms.
 * Every answer must be below 500: a refusal is a message on the page, never a crash.
 */
export async function fuzzStaffWebhookForms(server: { baseUrl: string; databaseUrl: string }, total: number, seed: number): Promise<StaffFormFuzz> {
  const cookie = await staffCookie('admin', server.databaseUrl);
  const sql = openTestSql(server.databaseUrl);
  const result: StaffFormFuzz = { sent: 0, statuses: new Map(), problems: new Map() };
  let known: string[] = [];
  const send = async (call: StaffFormCall) => {
    const response = await callServerAction(server.baseUrl, { page: '/staff/webhooks', filename: WEBHOOK_ACTIONS_FILE, ...call, cookie });
    const text = await response.text();
    result.sent += 1;
    result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500) result.problems.set(`/staff/webhooks ${call.exportedName} answered ${response.status}: ${text.slice(0, 200)}`, summary(call));
  };
  try {
    // One real endpoint first, so ids in the calls reach a record.
    await send({ exportedName: 'createEndpointAction', args: [{ values: {}, errors: {}, secret: null, endpointId: null }, endpointForm()] });
    const calls = staffWebhookFormCalls(FUZZ_WEBHOOK_HOST, () => known);
    for (let done = 0, chunkSeed = seed; done < total; done += CHUNK, chunkSeed += 1) {
      known = (await sql.all<{ id: string }>('SELECT "id" FROM "WebhookEndpoint"')).map((row) => row.id);
      const queue = fc.sample(calls, { numRuns: Math.min(CHUNK, total - done), seed: chunkSeed });
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let call = queue.shift(); call; call = queue.shift()) await send(call);
        }),
      );
    }
  } finally {
    await sql.close();
  }
  return result;
}

function endpointForm(): FormData {
  const form = new FormData();
  form.append('url', `http://${FUZZ_WEBHOOK_HOST}/hooks`);
  form.append('description', 'fuzz');
  form.append('eventTypes', 'inquiry.created');
  return form;
}
