import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { fieldMissing, notAnEmail, notOneOf, ruleBroken, unprocessable } from '../../test-support/http/validation-issues';

type InquiryResponse = { id: string; message: string; nextSteps: string[]; estimatedResponse: string; supportTicket: string };

const database = serverDatabase();
afterAll(() => database.close());

const valid = {
  companyName: 'Allegheny Castings',
  contactName: 'Rosa Diaz',
  email: 'rosa.diaz@allegheny-castings.example',
  phone: '+1 412 555 0199',
  problemDescription: 'Our heat-treat furnace runs overtime every week while assembly waits for parts.',
  industry: 'Metal casting',
  organizationSize: 'medium',
  urgency: 'high',
  preferredServices: ['operations-constraint-diagnostic', 'constraint-snapshot'],
  budget: { min: 15000, max: 30000, currency: 'USD' },
  timeline: 'This quarter',
};

describe('POST /v1/inquiries', () => {
  it('stores the inquiry as submitted and answers with a tracking id, ticket and next steps', async () => {
    const before = Date.now();
    const response = await post<InquiryResponse>('/v1/inquiries', valid);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.id).toMatch(/^inq_[A-Za-z0-9_-]{22}$/);
    expect(response.body.supportTicket).toMatch(/^TOC-\d{4}-\d{5}$/);
    expect(response.body.message).toContain(response.body.supportTicket);
    const row = (await database.get('SELECT * FROM "Inquiry" WHERE "id" = ?', response.body.id))!;
    expect(row).toMatchObject({
      companyName: valid.companyName,
      email: valid.email,
      status: 'submitted',
      urgency: 'high',
      budgetMinMinor: 1_500_000,
      budgetMaxMinor: 3_000_000,
    });
    expect(new Date(row.submittedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.supportTicket.endsWith(String(row.number).padStart(5, '0'))).toBe(true);
  });

  it('names the services asked for in the next steps', async () => {
    const { body } = await post<InquiryResponse>('/v1/inquiries', valid);
    expect(body.nextSteps.join(' ')).toContain('Operations Constraint Diagnostic');
    expect(body.nextSteps.join(' ')).toContain('/services/constraint-snapshot');
  });

  it('answers critical inquiries sooner than low ones, never on a weekend and within business hours', async () => {
    const critical = await post<InquiryResponse>('/v1/inquiries', { ...valid, urgency: 'critical' });
    const low = await post<InquiryResponse>('/v1/inquiries', { ...valid, urgency: 'low' });
    const times = [critical.body.estimatedResponse, low.body.estimatedResponse].map((t) => DateTime.fromISO(t, { zone: 'America/New_York' }));
    expect(times[0]! < times[1]!).toBe(true);
    for (const time of times) {
      expect(time.weekday).toBeLessThanOrEqual(5);
      const minute = time.hour * 60 + time.minute;
      expect(minute).toBeGreaterThanOrEqual(9 * 60);
      expect(minute).toBeLessThanOrEqual(17 * 60);
    }
    expect(critical.body.nextSteps[0]).toContain(valid.phone);
  });

  it('keeps support tickets unique under concurrency', async () => {
    const responses = await Promise.all(Array.from({ length: 25 }, () => post<InquiryResponse>('/v1/inquiries', valid)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.body.supportTicket)).size).toBe(25);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(25);
  });

  it('reports missing fields, a bad email and an unknown enum value in pydantic shape', async () => {
    const body = { companyName: 'Acme', email: 'not-an-email', organizationSize: 'huge' };
    const response = await post('/v1/inquiries', body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      unprocessable(
        fieldMissing(['body', 'contactName'], body),
        notAnEmail(['body', 'email'], 'not-an-email', 'An email address must have an @-sign.'),
        fieldMissing(['body', 'problemDescription'], body),
        notOneOf(['body', 'organizationSize'], 'huge', "'startup', 'small', 'medium', 'large' or 'enterprise'"),
      ),
    );
  });

  it('refuses a budget whose min exceeds its max', async () => {
    const response = await post('/v1/inquiries', { ...valid, budget: { min: 50000, max: 10000 } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      unprocessable(ruleBroken(['body', 'budget'], { min: 50000, max: 10000 }, 'budget min must not be greater than budget max', 'min > max')),
    );
  });

  it('caps field lengths as the schema states', async () => {
    const response = await post('/v1/inquiries', { ...valid, companyName: 'x'.repeat(201) });
    expect(response.body).toEqual({
      detail: [
        {
          type: 'string_too_long',
          loc: ['body', 'companyName'],
          msg: 'String should have at most 200 characters',
          input: 'x'.repeat(201),
          ctx: { max_length: 200 },
        },
      ],
    });
  });

  it('reports malformed JSON with its byte offset', async () => {
    const response = await post('/v1/inquiries', '{"companyName": "Acme",}');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        { type: 'json_invalid', loc: ['body', 23], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting property name enclosed in double quotes' } },
      ],
    });
  });

  it('reports an empty body as missing', async () => {
    const response = await post('/v1/inquiries', '');
    expect(response.body).toEqual(unprocessable(fieldMissing(['body'], null)));
  });

  it('reports a body of another content type as not an object', async () => {
    const response = await post('/v1/inquiries', 'companyName=Acme', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.body).toEqual({
      detail: [
        { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: 'companyName=Acme' },
      ],
    });
  });

  it('refuses a body over 64 KB with 413 and stores nothing', async () => {
    const count = async () => (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "Inquiry"'))!.n;
    const before = await count();
    const response = await post('/v1/inquiries', { ...valid, problemDescription: 'x'.repeat(70_000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'The request body is larger than 65536 bytes.', code: 'PAYLOAD_TOO_LARGE', maxBytes: 65536 });
    expect(await count()).toBe(before);
  });

  it('refuses an oversized body sent without Content-Length (chunked) as well', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(8192)));
        controller.close();
      },
    });
    const response = await fetch(`${baseUrl()}/v1/inquiries`, {
      method: 'POST',
      body: chunks,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('replays the first response for a repeated Idempotency-Key and creates nothing new', async () => {
    const key = `inquiry-${Date.now()}`;
    const count = async () => (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "Inquiry"'))!.n;
    const first = await post<InquiryResponse>('/v1/inquiries', valid, { 'idempotency-key': key });
    const after = await count();
    const second = await post<InquiryResponse>('/v1/inquiries', valid, { 'idempotency-key': key });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(after);

    const reused = await post('/v1/inquiries', { ...valid, companyName: 'Someone Else' }, { 'idempotency-key': key });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({
      detail: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('frees the key when the first request failed validation', async () => {
    const key = `inquiry-fix-${Date.now()}`;
    expect((await post('/v1/inquiries', { ...valid, email: 'x' }, { 'idempotency-key': key })).status).toBe(422);
    expect((await post('/v1/inquiries', valid, { 'idempotency-key': key })).status).toBe(200);
  });
});
