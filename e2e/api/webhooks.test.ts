import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../clients/typescript';
import type { WebhookEventType } from '../../lib/contract/webhook-events';
import { WEBHOOK_EVENT_TYPES, webhookEvents } from '../../lib/contract/webhook-events';
import { WEBHOOK_EXAMPLES } from '../../lib/contract/webhook-examples';
import { publicIdForToken } from '../../lib/core/secret-tokens';
import { eventually } from '../../test-support/eventually';
import { noScriptSubmission } from '../../test-support/http/no-script-form';
import { callServerAction, paySandboxCheckout } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';
import { startTestServer } from '../../test-support/test-server.mjs';
import { openTestSql } from '../../test-support/test-sql';
import type { ReceivedDelivery, WebhookReceiver } from '../../test-support/webhooks/webhook-receiver';
import { startWebhookReceiver } from '../../test-support/webhooks/webhook-receiver';

/**
 * Webhooks end to end: the production build with its job runner (as `npm start` runs it), endpoints added through the
 * staff forms, real writes through /v1, the sandbox payment page and the content editor, and a local receiver that
 * verifies every delivery with the `standardwebhooks` package (and here also with the typed client's verifyWebhook).
 */
let receiver: WebhookReceiver;
let server: Awaited<ReturnType<typeof startTestServer>>;
let admin: string;
const secrets = new Map<string, string>();
const endpointIds = new Map<string, string>();

const ACTIONS = 'app/staff/webhooks/actions.ts';
const emptyForm = { values: {}, errors: {}, secret: null, endpointId: null };

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) data.append(name, each);
  return data;
}

/** The add-endpoint form, as the page's script sends it; the answer (React's flight format) carries the secret. */
async function addEndpoint(url: string, eventTypes: string[]): Promise<{ status: number; text: string }> {
  const response = await callServerAction(server.baseUrl, {
    page: '/staff/webhooks',
    filename: ACTIONS,
    exportedName: 'createEndpointAction',
    args: [emptyForm, form({ url, description: `receiver ${new URL(url).pathname}`, eventTypes })],
    cookie: admin,
  });
  return { status: response.status, text: await response.text() };
}

const page = async (path: string, cookie = admin) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
};

const json = async <T>(path: string, init?: RequestInit): Promise<T> => (await (await fetch(`${server.baseUrl}${path}`, init)).json()) as T;
const postJson = <T>(path: string, body: unknown) =>
  json<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const at = (path: string) => receiver.deliveries.filter((delivery) => delivery.path === path);

/** Every delivery is checked twice: by the receiver (standardwebhooks) and by the typed client, and against its schema. */
function checked(delivery: ReceivedDelivery, secret: string) {
  const event = verifyWebhook(secret, delivery.headers, delivery.body);
  expect(event).toEqual(delivery.event);
  const schema = webhookEvents[event.type as WebhookEventType].data;
  expect(schema.parse(event.data)).toEqual(event.data);
  return event;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ env: { WEBHOOK_ALLOWED_HOSTS: receiver.server.hostPort } });
  admin = await staffCookie('admin', server.databaseUrl);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('webhooks through the production server', () => {
  it('adds endpoints from the staff form, showing each secret once, and refuses a private address', async () => {
    for (const [path, types] of [
      ['/all', [...WEBHOOK_EVENT_TYPES]],
      ['/crm', ['inquiry.created']],
    ] as const) {
      const { status, text } = await addEndpoint(receiver.url(path), [...types]);
      expect(status).toBe(200);
      const secret = /whsec_[A-Za-z0-9+/]{43}=/.exec(text)?.[0];
      expect(secret).toBeDefined();
      secrets.set(path, secret!);
      receiver.setSecrets(path, [secret!]);
      endpointIds.set(path, /"endpointId":"(whe_[\w-]+)"/.exec(text)![1]!);
    }
    const list = await page('/staff/webhooks');
    expect(list).toContain(receiver.url('/all'));
    expect(list).toContain(receiver.url('/crm'));
    for (const path of ['/all', '/crm']) {
      const detail = await page(`/staff/webhooks/${endpointIds.get(path)}`);
      for (const html of [list, detail]) expect(html).not.toContain(secrets.get(path)!.slice('whsec_'.length, 30));
    }
    const refused = await addEndpoint('https://10.0.0.9/hooks', ['inquiry.created']);
    expect(refused.text).toContain('The host resolves to a private, loopback or otherwise internal address, and webhooks are only sent to public ones.');
    expect(refused.text).not.toContain('whsec_');
  });

  it('delivers an inquiry, a booking, a sandbox checkout and a publish: the right event each, once, in order per endpoint', async () => {
    const inquiry = await postJson<{ id: string }>('/v1/inquiries', {
      companyName: 'Allegheny Castings',
      contactName: 'Rosa Diaz',
      email: 'rosa@allegheny.example',
      problemDescription: 'Heat treat runs overtime while assembly waits.',
      urgency: 'high',
    });
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    inThreeDays.setUTCHours(15, 0, 0, 0);
    const booking = await postJson<{ id: string; status: string }>('/v1/availability/book', {
      name: 'Sam Okoye',
      email: 'sam@ridgeline.example',
      context: 'Packaging line bottleneck',
      preferredTimes: [inThreeDays.toISOString()],
    });
    const { purchaseDigest } = await json<{ purchaseDigest: string }>('/v1/services/constraint-snapshot');
    const checkout = await postJson<{ token: string; checkoutUrl: string }>('/v1/services/constraint-snapshot/checkout', { purchaseDigest, buyerInputs: {} });
    expect((await paySandboxCheckout(server.baseUrl, checkout.checkoutUrl)).headers.get('x-action-redirect')).toMatch(/^\/checkout\//);
    const insight = 'drum-buffer-rope-for-job-shops';
    const editor = `/staff/content/insights/${insight}`;
    const published = await fetch(`${server.baseUrl}${editor}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseUrl, cookie: admin },
      body: noScriptSubmission(await page(editor), 'item-editor', { name: 'intent', value: 'publish' }, { title: 'Drum-buffer-rope for job shops, revised' }),
    });
    expect(published.status).toBe(303);

    await eventually(
      () => at('/all').length,
      (count) => count >= 4,
      'four deliveries to /all',
    );
    // Nothing more arrives: each event once.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const all = at('/all').map((delivery) => checked(delivery, secrets.get('/all')!));
    expect(all.map((event) => event.type)).toEqual(['inquiry.created', `booking.${booking.status}`, 'checkout.completed', 'content.published']);
    expect(new Set(all.map((event) => event.id)).size).toBe(4);
    expect(all.map((event) => ('id' in event.data ? event.data.id : null))).toEqual([inquiry.id, booking.id, publicIdForToken('chk', checkout.token), null]);
    const { build_stamp } = await json<{ build_stamp: string }>('/v1/health');
    expect(all[3]!.data).toEqual({ build_stamp, changes: [{ kind: 'insight', id: insight, change: 'published' }] });
    expect(JSON.stringify(all)).not.toContain(checkout.token);

    const crm = at('/crm').map((delivery) => checked(delivery, secrets.get('/crm')!));
    expect(crm.map((event) => [event.type, event.id])).toEqual([['inquiry.created', all[0]!.id]]);
    expect(receiver.rejected).toEqual([]);
    expect(at('/all').every((delivery) => delivery.answeredStatus === 204)).toBe(true);
  });

  it('sends a test event and sends a delivery again from the endpoint page, and logs every attempt', async () => {
    const id = endpointIds.get('/crm')!;
    const call = (exportedName: string, args: unknown[]) =>
      callServerAction(server.baseUrl, { page: `/staff/webhooks/${id}`, filename: ACTIONS, exportedName, args, cookie: admin });
    const before = at('/crm').length;
    expect((await call('sendTestEventAction', [id, form({ eventType: 'report.ready' })])).headers.get('x-action-redirect')).toContain('done=test-sent');
    await eventually(
      () => at('/crm').length,
      (count) => count === before + 1,
      'the test event',
    );
    expect(checked(at('/crm').at(-1)!, secrets.get('/crm')!)).toMatchObject({ type: 'report.ready', data: WEBHOOK_EXAMPLES['report.ready'] });

    const sql = openTestSql(server.databaseUrl);
    try {
      const first = await sql.get<{ id: string }>(
        `SELECT d."id" FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e."id" = d."eventId" WHERE d."endpointId" = ? AND e."type" = 'inquiry.created'`,
        id,
      );
      await call('resendDeliveryAction', [id, first!.id]);
    } finally {
      await sql.close();
    }
    await eventually(
      () => at('/crm').length,
      (count) => count === before + 2,
      'the re-sent delivery',
    );
    const resent = at('/crm');
    expect(resent.at(-1)!.id).toBe(resent[0]!.id);

    // React separates adjacent text with comments; the reader sees the text alone.
    const log = (await page(`/staff/webhooks/${id}`)).replaceAll('<!-- -->', '');
    expect(log).toContain('data-testid="delivery-log"');
    expect(log).toContain('(test event)');
    expect(log).toContain('(sent again by hand)');
    expect(log).toMatch(/#1 [^<]*: 204 in \d+ ms/);
  });

  it('describes every event type in the OpenAPI webhooks section, with the signature headers', async () => {
    const document = await json<{ webhooks: Record<string, { post: { operationId: string; parameters: { name: string; in: string; required: boolean }[] } }> }>(
      '/openapi.json',
    );
    expect(Object.keys(document.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(document.webhooks[type]!.post.parameters.map((parameter) => [parameter.in, parameter.name, parameter.required])).toEqual([
        ['header', 'webhook-id', true],
        ['header', 'webhook-timestamp', true],
        ['header', 'webhook-signature', true],
      ]);
    }
  });
});
