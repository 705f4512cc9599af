import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOperations } from '@/lib/contract/agent-operations';
import { toolNameOf } from '@/lib/mcp/tool-name';
import { call, get, openApiDocument } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { callTool, connectMcpClient, textOf } from '../../test-support/http/mcp';
import { activeConsultants, workingDay } from '../../test-support/schedule';
import { secretTokenDigest } from '@/lib/core/secret-tokens';

let client: Client;
let tools: Tool[];
const database = serverDatabase();
const consultants = await activeConsultants(database);

beforeAll(async () => {
  client = await connectMcpClient();
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client.close();
  await database.close();
});

const tool = (name: string) => tools.find((t) => t.name === name)!;
const called = new Set<string>();

async function callMcp(name: string, args: Record<string, unknown>) {
  called.add(name);
  return callTool(client, name, args);
}

/** The same read through /v1 just before and just after the tool call: the tool must answer exactly one of them. */
async function expectSameAsApi(name: string, args: Record<string, unknown>, path: string, normalize = (body: unknown) => body) {
  const before = await get(path);
  const result = await callMcp(name, args);
  const after = await get(path);
  expect(result.isError, `${name}: ${textOf(result)}`).toBeUndefined();
  expect(before.status).toBe(200);
  const answers = [before, after].map((response) => normalize(response.body));
  expect(answers).toContainEqual(normalize(result.structuredContent));
  expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  if (normalize(before.body) === before.body) expect([before.text, after.text]).toContain(textOf(result));
}

/**
 * A write through the tool with an idempotencyKey, then the same request to /v1 with that key: /v1 replays exactly what the
 * tool answered, which shows the tool ran the operation itself, with the same body and the same key store.
 */
async function expectReplayedByApi(name: string, path: string, pathArgs: Record<string, unknown>, body?: Record<string, unknown>) {
  const key = `mcp-${name}-${Date.now()}`;
  const result = await callMcp(name, { ...pathArgs, ...body, idempotencyKey: key });
  expect(result.isError, `${name}: ${textOf(result)}`).toBeUndefined();
  // An operation without a body (such as a cancellation) gets none through /v1 either.
  const replay = await call('POST', path, {
    body: body && JSON.stringify(body),
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), 'idempotency-key': key },
  });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(result.structuredContent);
  expect(replay.text).toBe(textOf(result));
  return result.structuredContent as Record<string, unknown>;
}

describe('MCP tools at /mcp', () => {
  it('are exactly the /v1 GETs and POSTs of the operation table, as the served OpenAPI document lists them', async () => {
    const fromTable = agentOperations().map((op) => toolNameOf(op.operationId));
    const document = await openApiDocument();
    const fromDocument = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([, item]) => Object.entries(item).filter(([method]) => method === 'get' || method === 'post'))
      .map(([, op]) => toolNameOf(op.operationId!));
    expect(tools.map((t) => t.name)).toEqual(fromTable);
    expect([...fromTable].sort()).toEqual([...fromDocument].sort());
  });

  it('mark every read read-only and every write not, with the checkout open-world', () => {
    const reads = agentOperations()
      .filter((op) => op.method === 'GET')
      .map((op) => toolNameOf(op.operationId));
    for (const t of tools) expect(t.annotations?.readOnlyHint, t.name).toBe(reads.includes(t.name));
    expect(tool('start_checkout').annotations).toEqual({
      title: 'Start a self-serve checkout',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(tool('get_service').annotations).toEqual({ title: 'Service detail', readOnlyHint: true, openWorldHint: false });
    expect(tool('start_checkout').description).toContain('give it to the person and never open it or pay yourself');
  });

  describe('answer what /v1 answers for the same input', () => {
    it.each([
      ['get_capabilities', {}, '/v1/capabilities'],
      ['list_services', { limit: 3, offset: 2 }, '/v1/services?limit=3&offset=2'],
      ['list_service_categories', {}, '/v1/services/categories'],
      ['get_service', { serviceId: 'website-offer-audit' }, '/v1/services/website-offer-audit'],
      ['list_service_testimonials', { serviceId: 'constraint-snapshot', limit: 2 }, '/v1/services/constraint-snapshot/testimonials?limit=2'],
      ['list_service_faqs', { serviceId: 'constraint-snapshot', category: 'pricing' }, '/v1/services/constraint-snapshot/faq?category=pricing'],
      ['list_insights', { featured: true, limit: 5 }, '/v1/insights?featured=true&limit=5'],
      [
        'search_insights',
        { q: 'buffer management', topics: ['buffer-management'], limit: 5 },
        '/v1/insights/search?q=buffer%20management&topics=buffer-management&limit=5',
      ],
      ['get_insight', { insightId: 'drum-buffer-rope-for-job-shops' }, '/v1/insights/drum-buffer-rope-for-job-shops'],
      ['get_toc_principles', {}, '/v1/knowledge/toc-principles'],
      ['get_business_profile', {}, '/v1/business'],
      ['list_business_credentials', {}, '/v1/business/credentials'],
      ['get_availability', {}, '/v1/availability'],
    ] as const)('%s', async (name, args, path) => {
      await expectSameAsApi(name, args, path);
    });

    it('get_health (its timestamp is the moment of each call)', async () => {
      const withoutTimestamp = (body: unknown) => ({ ...(body as object), timestamp: 'now' });
      await expectSameAsApi('get_health', {}, '/v1/health', withoutTimestamp);
    });

    it('submit_inquiry', async () => {
      const inquiry = await expectReplayedByApi(
        'submit_inquiry',
        '/v1/inquiries',
        {},
        {
          companyName: 'Allegheny Castings',
          contactName: 'Rosa Diaz',
          email: 'rosa@mcp.example',
          problemDescription: 'Heat treat runs overtime while assembly waits.',
          urgency: 'high',
          preferredServices: ['operations-constraint-diagnostic'],
        },
      );
      expect(await database.get(`SELECT COUNT(*) AS n FROM "Inquiry" WHERE "email" = 'rosa@mcp.example'`)).toEqual({ n: 1 });
      expect(inquiry.supportTicket).toMatch(/^TOC-\d{4}-\d+$/);
    });

    let bookingToken = '';
    it('book_consultation', async () => {
      const start = workingDay(consultants, 12).set({ hour: 10 });
      const booking = await expectReplayedByApi(
        'book_consultation',
        '/v1/availability/book',
        {},
        {
          name: 'Sam Okoye',
          email: 'sam@mcp.example',
          context: 'Packaging line bottleneck',
          preferredTimes: [start.toISO()],
          serviceType: 'implementation-support',
        },
      );
      expect(booking.status).toBe('confirmed');
      bookingToken = String(booking.manageApiUrl).replace('/v1/bookings/', '');
    });

    it('get_booking', async () => {
      await expectSameAsApi('get_booking', { token: bookingToken }, `/v1/bookings/${bookingToken}`);
    });

    it('reschedule_booking', async () => {
      const later = workingDay(consultants, 13).set({ hour: 11 });
      const moved = await expectReplayedByApi(
        'reschedule_booking',
        `/v1/bookings/${bookingToken}/reschedule`,
        { token: bookingToken },
        { preferredTimes: [later.toISO()] },
      );
      expect(moved).toMatchObject({ status: 'confirmed', scheduledTime: later.toUTC().toISO() });
    });

    it('cancel_booking', async () => {
      const cancelled = await expectReplayedByApi('cancel_booking', `/v1/bookings/${bookingToken}/cancel`, { token: bookingToken });
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor' });
    });

    let checkoutToken = '';
    it('start_checkout', async () => {
      const { body: detail } = await get<{ purchaseDigest: string }>('/v1/services/website-offer-audit');
      const session = await expectReplayedByApi(
        'start_checkout',
        '/v1/services/website-offer-audit/checkout',
        { serviceId: 'website-offer-audit' },
        {
          purchaseDigest: detail.purchaseDigest,
          buyerInputs: { responsibility_acknowledged: true, url_to_audit: 'https://ridgeline.example/offer' },
        },
      );
      expect(session).toMatchObject({ status: 'open', serviceId: 'website-offer-audit', amount: 590 });
      checkoutToken = String(session.token);
    });

    it('get_checkout', async () => {
      await expectSameAsApi('get_checkout', { token: checkoutToken }, `/v1/checkout/${checkoutToken}`);
    });

    it('get_report', async () => {
      const reportToken = `mcp-report-${Date.now()}`;
      await database.run(
        `INSERT INTO "Report" ("token", "tokenDigest", "checkoutToken", "serviceId", "status", "createdAt") VALUES (?, ?, ?, 'website-offer-audit', 'queued', ?)`,
        reportToken,
        secretTokenDigest(reportToken),
        checkoutToken,
        new Date(),
      );
      await expectSameAsApi('get_report', { token: reportToken }, `/v1/reports/${reportToken}`);
    });

    it('(every tool was called above)', () => {
      expect([...called].sort()).toEqual(tools.map((t) => t.name).sort());
    });
  });
});
