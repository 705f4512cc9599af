import { describe, expect, it } from 'vitest';
import { createThroughlineClient } from './client';

/** Records what the client sends, and answers from a script: a Response, or an Error to throw as a dropped connection would. */
function scriptedFetch(answers: (Response | Error)[]) {
  const sent: { method: string; key: string | null; body: string }[] = [];
  const fetch = async (request: Request) => {
    sent.push({ method: request.method, key: request.headers.get('idempotency-key'), body: await request.text() });
    const answer = answers.shift() ?? new Response('{}', { headers: { 'content-type': 'application/json' } });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, sent };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const inquiry = { companyName: 'Ridgeline', contactName: 'Sam', email: 'sam@ridgeline.example', problemDescription: 'Too much WIP.' };

describe('Idempotency-Key by default', () => {
  it('puts a fresh random key on every POST, none on GETs, and keeps a key the caller chose', async () => {
    const { fetch, sent } = scriptedFetch([]);
    const client = createThroughlineClient({ baseUrl: 'https://api.example', fetch });
    await client.GET('/v1/services');
    await client.POST('/v1/inquiries', { body: inquiry });
    await client.POST('/v1/inquiries', { body: inquiry });
    await client.POST('/v1/inquiries', { body: inquiry, headers: { 'Idempotency-Key': 'mine-1' } });
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST', 'POST', 'POST']);
    expect(sent[0]!.key).toBeNull();
    expect(sent[1]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[2]!.key).not.toBe(sent[1]!.key);
    expect(sent[3]!.key).toBe('mine-1');
  });

  it('sends a request whose answer was lost once more, identical, key included', async () => {
    const { fetch, sent } = scriptedFetch([new TypeError('fetch failed'), json({ id: 'inq_1' })]);
    const client = createThroughlineClient({ baseUrl: 'https://api.example', fetch });
    const { data } = await client.POST('/v1/inquiries', { body: inquiry });
    expect(data).toEqual({ id: 'inq_1' });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(JSON.parse(sent[1]!.body)).toEqual(inquiry);
  });

  it('gives up after the second loss, and never repeats a call the caller aborted', async () => {
    const twice = scriptedFetch([new TypeError('fetch failed'), new TypeError('fetch failed again')]);
    const client = createThroughlineClient({ baseUrl: 'https://api.example', fetch: twice.fetch });
    await expect(client.GET('/v1/services')).rejects.toThrow('fetch failed again');
    expect(twice.sent).toHaveLength(2);

    const aborted = scriptedFetch([new DOMException('aborted', 'AbortError')]);
    const controller = new AbortController();
    controller.abort();
    const abortable = createThroughlineClient({ baseUrl: 'https://api.example', fetch: aborted.fetch });
    await expect(abortable.GET('/v1/services', { signal: controller.signal })).rejects.toThrow();
    expect(aborted.sent).toHaveLength(1);
  });
});
