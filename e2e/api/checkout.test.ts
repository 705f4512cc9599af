import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestServer } from '../../test-support/test-server.mjs';
import { baseUrl, get, post } from '../../test-support/http/contract';
import { publishPrice } from '../../test-support/http/content-changes';
import { serverDatabase } from '../../test-support/http/server-database';
import { secretTokenDigest } from '@/lib/core/secret-tokens';
import { fieldMissing, ruleBroken, unprocessable } from '../../test-support/http/validation-issues';

type Session = {
  token: string;
  checkoutUrl: string;
  statusUrl: string;
  status: string;
  expiresAt: string;
  amount: number;
  currency: string;
  serviceId: string;
};
type Detail = { purchaseDigest: string; pricing: { amount: number; currency: string } };

const database = serverDatabase();
afterAll(() => database.close());

const digestOf = async (serviceId: string) => (await get<Detail>(`/v1/services/${serviceId}`)).body.purchaseDigest;
const checkout = (serviceId: string, body: unknown, headers?: Record<string, string>) => post<Session>(`/v1/services/${serviceId}/checkout`, body, headers);

describe('POST /v1/services/{serviceId}/checkout', () => {
  it('creates an open checkout for a no-input service and hands off to the hosted payment page', async () => {
    const before = Date.now();
    const digest = await digestOf('constraint-snapshot');
    const response = await checkout('constraint-snapshot', { purchaseDigest: digest });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { body } = response;
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(body).toMatchObject({ status: 'open', amount: 1450, currency: 'USD', serviceId: 'constraint-snapshot', statusUrl: `/v1/checkout/${body.token}` });
    expect(body.checkoutUrl).toMatch(new RegExp(`^${baseUrl()}/pay/sandbox/sbx_[A-Za-z0-9_-]+$`));
    const expiresIn = Date.parse(body.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const row = await database.get('SELECT * FROM "Checkout" WHERE "token" = ?', body.token);
    expect(row).toMatchObject({ amountMinor: 145000, currency: 'USD', status: 'open', provider: 'sandbox', purchaseDigest: digest });

    const status = await get<{ status: string; amount: number; serviceName: string; completedAt: null }>(body.statusUrl);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(status.body).toMatchObject({ status: 'open', amount: 1450, serviceName: 'Constraint Snapshot', completedAt: null });
  });

  it('accepts the local audit with place_id, or with business_name and location', async () => {
    const digest = await digestOf('local-market-constraint-audit');
    const byPlace = await checkout('local-market-constraint-audit', {
      purchaseDigest: digest,
      buyerInputs: { responsibility_acknowledged: true, place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4', competitors: ['Keystone Bakery'] },
    });
    const byName = await checkout('local-market-constraint-audit', {
      purchaseDigest: digest,
      buyerInputs: {
        responsibility_acknowledged: true,
        business_name: 'Ridgeline Bakery',
        location: 'Pittsburgh, PA',
        website_url: 'https://ridgeline.example',
      },
    });
    expect(byPlace.status).toBe(200);
    expect(byName.status).toBe(200);
  });

  it('enforces the either/or rule of the local audit', async () => {
    const inputs = { responsibility_acknowledged: true, business_name: 'Ridgeline Bakery' };
    const response = await checkout('local-market-constraint-audit', { purchaseDigest: await digestOf('local-market-constraint-audit'), buyerInputs: inputs });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(unprocessable(ruleBroken(['body', 'buyerInputs'], inputs, 'provide place_id, or business_name together with location')));
  });

  it('requires responsibility_acknowledged to be true and the URL to be http(s), and refuses unknown inputs', async () => {
    const digest = await digestOf('website-offer-audit');
    const missing = await checkout('website-offer-audit', { purchaseDigest: digest, buyerInputs: { url_to_audit: 'https://ridgeline.example/offer' } });
    expect(missing.body).toEqual(
      unprocessable(fieldMissing(['body', 'buyerInputs', 'responsibility_acknowledged'], { url_to_audit: 'https://ridgeline.example/offer' })),
    );
    const wrong = await checkout('website-offer-audit', {
      purchaseDigest: digest,
      buyerInputs: { responsibility_acknowledged: false, url_to_audit: 'javascript:alert(1)', place_id: 'x' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      detail: [
        { type: 'extra_forbidden', loc: ['body', 'buyerInputs', 'place_id'], msg: 'Extra inputs are not permitted', input: 'x' },
        {
          type: 'literal_error',
          loc: ['body', 'buyerInputs', 'responsibility_acknowledged'],
          msg: 'Input should be True',
          input: false,
          ctx: { expected: 'True' },
        },
        {
          type: 'url_scheme',
          loc: ['body', 'buyerInputs', 'url_to_audit'],
          msg: "URL scheme should be 'http' or 'https'",
          input: 'javascript:alert(1)',
          ctx: { expected_schemes: "'http' or 'https'" },
        },
      ],
    });
  });

  it('refuses inputs for a service that takes none', async () => {
    const response = await checkout('buffer-board-starter-kit', {
      purchaseDigest: await digestOf('buffer-board-starter-kit'),
      buyerInputs: { url_to_audit: 'https://a.example' },
    });
    expect(response.body).toEqual({
      detail: [{ type: 'extra_forbidden', loc: ['body', 'buyerInputs', 'url_to_audit'], msg: 'Extra inputs are not permitted', input: 'https://a.example' }],
    });
  });

  it('refuses a human-led service and points to booking', async () => {
    const response = await checkout('dbr-implementation', { purchaseDigest: await digestOf('dbr-implementation') });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      detail: 'Drum-Buffer-Rope Implementation is not sold through checkout; it starts with a consultation. Book one with POST /v1/availability/book.',
      code: 'CHECKOUT_NOT_AVAILABLE',
      bookingUrl: '/v1/availability/book',
    });
  });

  it('validates the request body itself', async () => {
    const response = await checkout('constraint-snapshot', { purchaseDigest: 'stale', buyerInputs: [] });
    expect(response.body).toEqual({
      detail: [
        { type: 'dict_type', loc: ['body', 'buyerInputs'], msg: 'Input should be a valid dictionary', input: [] },
        {
          type: 'string_pattern_mismatch',
          loc: ['body', 'purchaseDigest'],
          msg: "String should match pattern '^pd:[0-9a-f]{64}$'",
          input: 'stale',
          ctx: { pattern: '^pd:[0-9a-f]{64}$' },
        },
      ],
    });
  });

  it('answers 404 for an unknown service, checkout or report', async () => {
    expect((await checkout('no-such-service', { purchaseDigest: `pd:${'0'.repeat(64)}` })).status).toBe(404);
    expect((await get('/v1/checkout/not-a-token')).body).toEqual({ detail: 'No checkout has this token. Check the link you were given.', code: 'NOT_FOUND' });
    expect((await get('/v1/reports/not-a-token')).body).toEqual({ detail: 'No report has this token. Check the link you were given.', code: 'NOT_FOUND' });
  });

  it('replays a repeated Idempotency-Key with the same checkout, and refuses the key for another body', async () => {
    const digest = await digestOf('constraint-snapshot');
    const key = `checkout-${Date.now()}`;
    const first = await checkout('constraint-snapshot', { purchaseDigest: digest }, { 'idempotency-key': key });
    const count = async () => (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "Checkout"'))!.n;
    const after = await count();
    const again = await checkout('constraint-snapshot', { purchaseDigest: digest }, { 'idempotency-key': key });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(after);
    const other = await checkout('constraint-snapshot', { purchaseDigest: digest, buyerInputs: {} }, { 'idempotency-key': key });
    // Same meaning but a different body: the key names one exact request.
    expect(other.status).toBe(409);
    expect((other.body as unknown as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a body over 64 KB with 413', async () => {
    const response = await checkout('constraint-snapshot', { purchaseDigest: `pd:${'0'.repeat(64)}`, buyerInputs: { note: 'x'.repeat(70_000) } });
    expect(response.status).toBe(413);
  });
});

describe('GET /v1/checkout/{token} and /v1/reports/{token}', () => {
  it('shows an open checkout past its expiry as expired', async () => {
    const { body } = await checkout('constraint-snapshot', { purchaseDigest: await digestOf('constraint-snapshot') });
    await database.run('UPDATE "Checkout" SET "expiresAt" = ? WHERE "token" = ?', new Date(Date.now() - 1000), body.token);
    expect((await get<{ status: string }>(`/v1/checkout/${body.token}`)).body.status).toBe('expired');
  });

  it('shows a report as queued, then ready with its findings', async () => {
    const { body } = await checkout('website-offer-audit', {
      purchaseDigest: await digestOf('website-offer-audit'),
      buyerInputs: { responsibility_acknowledged: true, url_to_audit: 'https://ridgeline.example/offer' },
    });
    const reportToken = `report-${Date.now()}`;
    await database.run(
      `INSERT INTO "Report" ("token", "tokenDigest", "checkoutToken", "serviceId", "status", "createdAt") VALUES (?, ?, ?, 'website-offer-audit', 'queued', ?)`,
      reportToken,
      secretTokenDigest(reportToken),
      body.token,
      new Date(),
    );
    const queued = await get<{ status: string; findings: unknown }>(`/v1/reports/${reportToken}`);
    expect(queued.headers.get('cache-control')).toBe('no-store');
    expect(queued.body).toMatchObject({ status: 'queued', findings: null, readyAt: null, failureReason: null, summary: null });
    const findings = [
      {
        id: 'offer.no-guarantee',
        category: 'offer',
        severity: 'major',
        title: 'The offer hides its guarantee',
        detail: 'The on-time guarantee appears only in the footer.',
        recommendation: 'Move the on-time guarantee next to the call to action.',
        evidence: 'Delivered on time or the freight is on us.',
      },
    ];
    const summary = { counts: { critical: 0, major: 1, minor: 0, info: 0, total: 1 }, page: null };
    await database.run(
      `UPDATE "Report" SET "status" = 'ready', "readyAt" = ?, "findings" = ?, "summary" = ? WHERE "token" = ?`,
      new Date(),
      JSON.stringify(findings),
      JSON.stringify(summary),
      reportToken,
    );
    const ready = await get<{ status: string; findings: unknown }>(`/v1/reports/${reportToken}`);
    expect(ready.body).toMatchObject({ status: 'ready', findings, summary, failureReason: null });
    expect((await get<{ reportUrl: string }>(`/v1/checkout/${body.token}`)).body.reportUrl).toBe(`/v1/reports/${reportToken}`);
  });
});

describe('OFFER_CHANGED', () => {
  it('refuses a checkout whose digest was read before a price change, and gives the current digest', async () => {
    const database = await createTestDatabase('toc-offer-');
    const server = await startTestServer({ database });
    try {
      const detail = async () => (await (await fetch(`${server.baseUrl}/v1/services/constraint-snapshot`)).json()) as Detail;
      const before = await detail();
      await publishPrice(database.databaseUrl, 'constraint-snapshot', 159_000);
      const response = await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ purchaseDigest: before.purchaseDigest }),
      });
      const body = (await response.json()) as { code: string; purchaseDigest: string; detail: string };
      expect(response.status).toBe(409);
      expect(body.code).toBe('OFFER_CHANGED');
      expect(body.purchaseDigest).toMatch(/^pd:[0-9a-f]{64}$/);
      expect(body.purchaseDigest).not.toBe(before.purchaseDigest);
      // The client refetches and retries with the new digest.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const after = await detail();
      expect(after.pricing.amount).toBe(1590);
      expect(after.purchaseDigest).toBe(body.purchaseDigest);
      const retry = await fetch(`${server.baseUrl}/v1/services/constraint-snapshot/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ purchaseDigest: after.purchaseDigest }),
      });
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as Session).amount).toBe(1590);
    } finally {
      await server.stop();
      await database.remove();
    }
  });
});
