import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { baseUrl, get, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { staffCookie } from '../../test-support/http/staff';

/**
 * Cross-site request forgery (lib/http/request-origin.mjs, enforced by the web server): every server action and every
 * state-changing route outside /v1 needs this site's Origin; /v1 and /mcp refuse another site's Origin but take
 * requests without one (programs, which carry no cookies); the signed Stripe webhook is exempt.
 */
type ManifestEntry = { filename: string; exportedName: string; workers: Record<string, unknown> };
const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as { node: Record<string, ManifestEntry> };
const actions = Object.entries(manifest.node).map(([id, entry]) => ({ id, ...entry }));
/** A page that carries the action, with any dynamic segment filled in. */
const pageFor = (entry: ManifestEntry) =>
  Object.keys(entry.workers)[0]!
    .replace(/^app/, '')
    .replace(/\/\([^)]+\)/g, '')
    .replace(/\/page$/, '')
    .replace(/\[[^\]]+\]/g, 'x') || '/';

const FOREIGN = 'https://evil.example';
const database = serverDatabase();
afterAll(() => database.close());

/** Rows of every table a form or staff action writes. */
async function writtenRows() {
  const tables = ['Inquiry', 'Booking', 'Checkout', 'AuditLog', 'SignInAttempt', 'OutboxMessage', 'InquiryStatusChange', 'StaffSession'];
  const counts = await Promise.all(
    tables.map(async (table) => [table, (await database.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`))!.n] as const),
  );
  return Object.fromEntries(counts);
}

function invoke(action: (typeof actions)[number], headers: Record<string, string>) {
  return fetch(`${baseUrl()}${pageFor(action)}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'next-action': action.id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', ...headers },
    body: JSON.stringify(['x', {}, 'x']),
  });
}

const refusal = async (response: Response) => ({ status: response.status, code: ((await response.json()) as { code: string }).code });

describe('server actions', () => {
  it('are all found (the list comes from the build)', () => {
    expect(actions.length).toBeGreaterThanOrEqual(18);
  });

  it.each([
    ['another site’s Origin', { origin: FOREIGN }],
    ['no Origin', {}],
    ['Origin null (a sandboxed frame, a no-referrer page)', { origin: 'null' }],
  ])('are refused with 403 before they run, from %s, even with an admin session', async (_label, headers) => {
    const before = await writtenRows();
    const cookie = await staffCookie('admin');
    for (const action of actions) {
      const response = await invoke(action, { ...headers, cookie });
      expect(await refusal(response), `${action.filename}#${action.exportedName}`).toEqual({ status: 403, code: 'CROSS_ORIGIN_REFUSED' });
    }
    expect(await writtenRows()).toEqual({ ...before, StaffSession: before.StaffSession! + 1 });
  });

  it('take effect only from this site: a forged Pay click leaves the checkout open, the real one pays it', async () => {
    const { purchaseDigest } = (await get<{ purchaseDigest: string }>('/v1/services/constraint-snapshot')).body;
    const { body: session } = await post<{ token: string; checkoutUrl: string }>('/v1/services/constraint-snapshot/checkout', {
      purchaseDigest,
      buyerInputs: {},
    });
    const sessionId = new URL(session.checkoutUrl).pathname.split('/').at(-1)!;
    const pay = (origin: string | null) =>
      callServerAction(baseUrl(), {
        page: `/pay/sandbox/${sessionId}`,
        filename: 'app/pay/sandbox/[sessionId]/actions.ts',
        exportedName: 'paySandboxSession',
        args: [sessionId],
        origin,
      });
    expect((await pay(FOREIGN)).status).toBe(403);
    expect((await pay(null)).status).toBe(403);
    expect((await get<{ status: string }>(`/v1/checkout/${session.token}`)).body.status).toBe('open');
    expect((await pay(baseUrl())).headers.get('x-action-redirect')).toMatch(new RegExp(`^/checkout/${session.token};`));
    expect((await get<{ status: string }>(`/v1/checkout/${session.token}`)).body.status).toBe('complete');
  });
});

describe('routes outside /v1', () => {
  it('leaving preview (POST /staff/preview/exit) needs this site’s Origin', async () => {
    const leave = (headers: Record<string, string>) => fetch(`${baseUrl()}/staff/preview/exit`, { method: 'POST', redirect: 'manual', headers });
    expect(await refusal(await leave({ origin: FOREIGN }))).toEqual({ status: 403, code: 'CROSS_ORIGIN_REFUSED' });
    expect(await refusal(await leave({}))).toEqual({ status: 403, code: 'CROSS_ORIGIN_REFUSED' });
    expect((await leave({ origin: baseUrl() })).status).toBe(303);
  });

  it('the Stripe webhook is exempt: it is signed and carries no cookie, so any Origin reaches its signature check', async () => {
    const response = await fetch(`${baseUrl()}/webhooks/stripe`, { method: 'POST', headers: { origin: FOREIGN }, body: '{}' });
    // This server has no webhook secret: the route itself answers, not the origin check.
    expect(await refusal(response)).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('/v1 writes', () => {
  const inquiry = {
    companyName: 'Origin Checks Ltd',
    contactName: 'Ada Cross',
    email: 'ada@origin.example',
    problemDescription: 'Forms posted from elsewhere.',
  };
  const inquiries = async () => (await database.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "Inquiry" WHERE "companyName" = ?`, inquiry.companyName))!.n;

  it('are refused from a page of another site, documented as 403 CROSS_ORIGIN_REFUSED, and store nothing', async () => {
    const before = await inquiries();
    const response = await post('/v1/inquiries', inquiry, { origin: FOREIGN });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      detail: `POST /v1/inquiries came from another origin (${FOREIGN}) and was refused: this site accepts it only from its own pages.`,
      code: 'CROSS_ORIGIN_REFUSED',
    });
    expect(await inquiries()).toBe(before);
  });

  it('are taken from programs, which send no Origin, and from this site', async () => {
    const before = await inquiries();
    expect((await post('/v1/inquiries', inquiry)).status).toBe(200);
    expect((await post('/v1/inquiries', inquiry, { origin: baseUrl() })).status).toBe(200);
    expect(await inquiries()).toBe(before + 2);
  });

  it('to /mcp are refused from another site too (what the MCP specification asks against DNS rebinding)', async () => {
    const response = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(await refusal(response)).toEqual({ status: 403, code: 'CROSS_ORIGIN_REFUSED' });
  });

  it('reads are not affected', async () => {
    expect((await get('/v1/services', { headers: { origin: FOREIGN } })).status).toBe(200);
  });
});
