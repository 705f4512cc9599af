import { afterAll, describe, expect, it } from 'vitest';
import { ThroughlineApiError, createThroughlineClient, startCheckout } from '../../clients/typescript';
import { createTestDatabase, startTestServer } from '../../test-support/test-server.mjs';
import { baseUrl, get } from '../../test-support/http/contract';
import { publishPrice } from '../../test-support/http/content-changes';
import { serverDatabase } from '../../test-support/http/server-database';

const database = serverDatabase();
afterAll(() => database.close());

/** The global fetch, with a record of what the client sent. */
function recordingFetch() {
  const sent: { method: string; path: string; key: string | null }[] = [];
  const fetch = async (request: Request) => {
    sent.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
    return globalThis.fetch(request);
  };
  return { fetch, sent };
}

const auditInputs = { responsibility_acknowledged: true, url_to_audit: 'https://ridgeline.example/offer' };

describe('the typed client (clients/typescript) against next start', () => {
  it('lists services', async () => {
    const client = createThroughlineClient({ baseUrl: baseUrl() });
    const { data, response } = await client.GET('/v1/services', { params: { query: { limit: 3, offset: 1 } } });
    expect(response.status).toBe(200);
    expect(data).toEqual((await get('/v1/services?limit=3&offset=1')).body);
    expect(data?.services.map((service) => service.id)).toHaveLength(3);
  });

  it('searches insights, with topics as repeated parameters', async () => {
    const client = createThroughlineClient({ baseUrl: baseUrl() });
    const { data } = await client.GET('/v1/insights/search', {
      params: { query: { q: 'buffer', topics: ['buffer-management', 'drum-buffer-rope'], limit: 5 } },
    });
    expect(data).toEqual((await get('/v1/insights/search?q=buffer&topics=buffer-management&topics=drum-buffer-rope&limit=5')).body);
    expect(data!.total).toBeGreaterThan(0);
  });

  it('buys an audit up to the payment link, with an Idempotency-Key it added itself', async () => {
    const { fetch, sent } = recordingFetch();
    const client = createThroughlineClient({ baseUrl: baseUrl(), fetch });
    const outcome = await startCheckout(client, { serviceId: 'website-offer-audit', buyerInputs: auditInputs });
    expect(outcome.offerChanged).toBe(false);
    expect(outcome.session).toMatchObject({ status: 'open', serviceId: 'website-offer-audit', amount: 590, currency: 'USD' });
    expect(outcome.session.checkoutUrl).toMatch(new RegExp(`^${baseUrl()}/pay/sandbox/sbx_[A-Za-z0-9_-]+$`));
    expect(outcome.service?.purchaseDigest).toMatch(/^pd:[0-9a-f]{64}$/);
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/services/website-offer-audit',
      'POST /v1/services/website-offer-audit/checkout',
    ]);
    expect(sent[0]!.key).toBeNull();
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await database.get('SELECT "status", "serviceId" FROM "Checkout" WHERE "token" = ?', outcome.session.token);
    expect(stored).toEqual({ status: 'open', serviceId: 'website-offer-audit' });
  });

  it('repeats a POST whose answer was lost with the same key, and the server acts once', async () => {
    let dropped = false;
    const client = createThroughlineClient({
      baseUrl: baseUrl(),
      fetch: async (request) => {
        const response = await globalThis.fetch(request);
        if (request.method === 'POST' && !dropped) {
          dropped = true;
          throw new TypeError('fetch failed: the connection dropped before the answer');
        }
        return response;
      },
    });
    const email = `lost.answer.${Date.now()}@client.example`;
    const { data, response } = await client.POST('/v1/inquiries', {
      body: { companyName: 'Ridgeline', contactName: 'Sam Okoye', email, problemDescription: 'Packaging waits on the filler.' },
    });
    expect(dropped).toBe(true);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(data?.supportTicket).toMatch(/^TOC-\d{4}-\d+$/);
    expect(await database.get('SELECT COUNT(*) AS n FROM "Inquiry" WHERE "email" = ?', email)).toEqual({ n: 1 });
  });

  it('reports other failures as a ThroughlineApiError with the API body', async () => {
    const client = createThroughlineClient({ baseUrl: baseUrl() });
    const failure = await startCheckout(client, { serviceId: 'dbr-implementation' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ThroughlineApiError);
    expect(failure).toMatchObject({ status: 409, code: 'CHECKOUT_NOT_AVAILABLE' });
  });
});

describe('the OFFER_CHANGED retry, on a server of its own', () => {
  it('reads the service again after a price change and retries once with the new digest', async () => {
    const database = await createTestDatabase('toc-client-offer-');
    const server = await startTestServer({ database, env: { CONTENT_REVALIDATE_MS: '0', JOB_RUNNER: 'off' } });
    try {
      const client = createThroughlineClient({ baseUrl: server.baseUrl });
      const { data: before } = await client.GET('/v1/services/{serviceId}', { params: { path: { serviceId: 'website-offer-audit' } } });
      await publishPrice(database.databaseUrl, 'website-offer-audit', 64_000);

      const refused = await startCheckout(
        client,
        { serviceId: 'website-offer-audit', purchaseDigest: before!.purchaseDigest, buyerInputs: auditInputs },
        { approveChangedOffer: (service) => service.pricing?.amount === 590 },
      ).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 409, code: 'OFFER_CHANGED' });

      const seen: number[] = [];
      const outcome = await startCheckout(
        client,
        { serviceId: 'website-offer-audit', purchaseDigest: before!.purchaseDigest, buyerInputs: auditInputs, idempotencyKey: `offer-${Date.now()}` },
        { approveChangedOffer: (service) => seen.push(service.pricing!.amount) > 0 },
      );
      expect(seen).toEqual([640]);
      expect(outcome.offerChanged).toBe(true);
      expect(outcome.service?.purchaseDigest).not.toBe(before!.purchaseDigest);
      expect(outcome.session).toMatchObject({ status: 'open', amount: 640, serviceId: 'website-offer-audit' });
      expect(outcome.session.checkoutUrl).toMatch(new RegExp(`^${server.baseUrl}/pay/sandbox/`));
    } finally {
      await server.stop();
      await database.remove();
    }
  });
});
