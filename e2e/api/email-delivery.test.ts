import type { Attachment } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNNER_GONE_NOTE } from '@/lib/jobs/claim-kinds';
import { eventually } from '@/test-support/eventually';
import { calendarFacts } from '@/test-support/calendar-facts';
import { rawHeaders, REPLY_TO_MESSAGE_HEADERS } from '@/test-support/http/raw-headers';
import { startSmtpSink, type CapturedMessage, type SmtpSink } from '@/test-support/mail/smtp-sink';
import { openTestSql, type TestSql } from '../../test-support/test-sql';
import { startTestServer, type TestServer } from '../../test-support/test-server.mjs';
import { assertMatchesContract, type ApiResponse } from '../../test-support/http/contract';
import { activeConsultants, workingDay } from '../../test-support/schedule';

/**
 * Email end to end: the production server and its job runner (a child process) deliver to a real SMTP server in
 * this process; what arrives is parsed with mailparser. The SMTP envelope says who really receives a message.
 */
let sink: SmtpSink;
let server: TestServer;
let database: TestSql;
const FIRM_INBOX = 'inbox@throughline.example';

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: sink.url, FIRM_INBOX_EMAIL: FIRM_INBOX, JOB_POLL_MS: '100', JOB_LEASE_MS: '2000' } });
  database = openTestSql(server.databaseUrl);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
  await sink?.stop();
});

/** A request to this file's server, its JSON answer checked against the OpenAPI document like every other. */
async function api<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  const url = `${server.baseUrl}${path}`;
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const result = { status: response.status, headers: response.headers, body: JSON.parse(text) as T, text };
  await assertMatchesContract(method, url, result);
  return result;
}

const arrivedFor = (address: string) => sink.messages.filter((m) => m.envelope.rcptTo.includes(address));
const waitForMail = (address: string, count: number) =>
  eventually(
    () => arrivedFor(address),
    (list) => list.length >= count,
    `${count} message(s) to ${address}`,
  );

type OutboxRow = { id: string; kind: string; status: string; attempts: number; lastError: string | null };
const outboxOf = (aboutId: string) =>
  database.all<OutboxRow>('SELECT "id", "kind", "status", "attempts", "lastError" FROM "OutboxMessage" WHERE "aboutId" = ? ORDER BY "kind"', aboutId);

/**
 * The visitor's acknowledgement arrives, once (a stray second delivery has 1.5 s to show up), with the Message-ID of
 * its stored row; the inquiry's rows, all sent by then.
 */
async function deliveredOnce(visitor: string, inquiryId: string): Promise<OutboxRow[]> {
  const [arrived] = await waitForMail(visitor, 1);
  const rows = await eventually(
    () => outboxOf(inquiryId),
    (list) => list.every((row) => row.status === 'sent'),
    'both rows sent',
  );
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(arrivedFor(visitor)).toHaveLength(1);
  expect(arrived!.parsed.messageId).toBe(`<${rows.find((row) => row.kind === 'inquiry-acknowledgement')!.id}@127.0.0.1>`);
  return rows;
}

function calendarParts(mail: CapturedMessage) {
  const alternative = mail.parsed.attachments.filter((part) => part.contentType === 'text/calendar');
  const files = mail.parsed.attachments.filter((part) => part.filename?.endsWith('.ics'));
  const method = (part: Attachment) => (part.headers.get('content-type') as { params: Record<string, string> }).params.method;
  return {
    count: [alternative.length, files.length],
    method: alternative[0] && method(alternative[0]),
    facts: [...alternative, ...files].map((part) => calendarFacts(part.content.toString('utf8'))),
  };
}

const inquiry = (email: string, extra: Record<string, unknown> = {}) => ({
  companyName: 'Allegheny Castings',
  contactName: 'Rosa Diaz',
  email,
  problemDescription: 'Heat treat runs overtime while assembly waits.',
  urgency: 'high',
  ...extra,
});

describe('email through a real SMTP server', () => {
  it('an inquiry sends the acknowledgement to the visitor and the notice to the firm inbox, once each, with no header injected', async () => {
    const visitor = 'rosa@delivery.example';
    const { body } = await api<{ id: string; supportTicket: string }>(
      'POST',
      '/v1/inquiries',
      inquiry(visitor, { contactName: 'Rosa\r\nBcc: evil@x.example', companyName: 'Acme\r\nX-Injected: yes' }),
    );
    const [acknowledgement] = await waitForMail(visitor, 1);
    const notices = await eventually(
      () => arrivedFor(FIRM_INBOX).filter((m) => m.parsed.text?.includes(body.supportTicket)),
      (list) => list.length === 1,
      'the notice',
    );
    const rows = await eventually(
      () => outboxOf(body.id),
      (list) => list.every((row) => row.status === 'sent'),
      'both rows sent',
    );
    const idOf = (kind: string) => `<${rows.find((row) => row.kind === kind)!.id}@127.0.0.1>`;

    expect(acknowledgement!.envelope).toEqual({ mailFrom: 'hello@throughlinepartners.com', rcptTo: [visitor] });
    expect(acknowledgement!.parsed.subject).toBe(`We have your inquiry (${body.supportTicket})`);
    expect(acknowledgement!.parsed.text).toContain(`Your ticket number is ${body.supportTicket}.`);
    expect(acknowledgement!.parsed.messageId).toBe(idOf('inquiry-acknowledgement'));
    expect(acknowledgement!.parsed.to).toMatchObject({ value: [{ name: 'Rosa Bcc: evil@x.example', address: visitor }] });

    const notice = notices[0]!;
    expect(notice.envelope).toEqual({ mailFrom: 'hello@throughlinepartners.com', rcptTo: [FIRM_INBOX] });
    expect(notice.parsed.subject).toBe(`[HIGH] New inquiry ${body.supportTicket}: Acme X-Injected: yes`);
    expect(notice.parsed.text).toContain(`${server.baseUrl}/staff/inquiries/${body.id}`);
    expect(notice.parsed.messageId).toBe(idOf('inquiry-notice'));
    for (const mail of [acknowledgement!, notice]) {
      expect(rawHeaders(mail).map(([name]) => name)).toEqual(REPLY_TO_MESSAGE_HEADERS);
      expect([mail.parsed.bcc, mail.parsed.cc, mail.parsed.headers.has('x-injected')]).toEqual([undefined, undefined, false]);
    }
  });

  it('a booking sends the invite; moving and cancelling it through /v1 send the update and the cancellation of the same event', async () => {
    const booker = 'sam@delivery.example';
    const start = workingDay(await activeConsultants(database), 9).set({ hour: 11 });
    const { body: booked } = await api<{ id: string; status: string; scheduledTime: string; manageUrl: string; manageApiUrl: string }>(
      'POST',
      '/v1/availability/book',
      {
        name: 'Sam Okoye',
        email: booker,
        context: 'Packaging line bottleneck',
        preferredTimes: [start.toISO()],
      },
    );
    expect(booked.status).toBe('confirmed');
    const uid = `booking-${booked.id}@127.0.0.1`;
    const [confirmed] = await waitForMail(booker, 1);
    expect(confirmed!.envelope.rcptTo).toEqual([booker]);
    expect(confirmed!.parsed.subject).toMatch(/^Confirmed: your consultation on /);
    expect(confirmed!.parsed.text).toContain(booked.manageUrl);
    expect(calendarParts(confirmed!)).toEqual({
      count: [1, 1],
      method: 'REQUEST',
      facts: Array(2).fill(
        expect.objectContaining({ method: 'REQUEST', uid, sequence: 0, dtstart: booked.scheduledTime, dtend: start.plus({ hours: 1 }).toUTC().toISO() }),
      ),
    });

    const later = start.plus({ hours: 3 });
    const moved = await api<{ scheduledTime: string }>('POST', `${booked.manageApiUrl}/reschedule`, { preferredTimes: [later.toISO()] });
    expect(moved.body.scheduledTime).toBe(later.toUTC().toISO());
    const [, changed] = await waitForMail(booker, 2);
    expect(changed!.parsed.subject).toMatch(/^Moved: your consultation is now /);
    expect(changed!.parsed.text).toContain(booked.manageUrl);
    expect(calendarParts(changed!)).toMatchObject({
      count: [1, 1],
      method: 'REQUEST',
      facts: Array(2).fill(expect.objectContaining({ uid, sequence: 1, dtstart: later.toUTC().toISO() })),
    });

    await api('POST', `${booked.manageApiUrl}/cancel`);
    const [, , cancelled] = await waitForMail(booker, 3);
    expect(cancelled!.parsed.subject).toMatch(/^Cancelled: your consultation on /);
    expect(cancelled!.parsed.text).toContain(booked.manageUrl);
    expect(calendarParts(cancelled!)).toMatchObject({
      count: [1, 1],
      method: 'CANCEL',
      facts: Array(2).fill(expect.objectContaining({ method: 'CANCEL', uid, sequence: 2, dtstart: later.toUTC().toISO(), status: 'CANCELLED' })),
    });
    expect(new Set([confirmed, changed, cancelled].map((m) => m!.parsed.messageId)).size).toBe(3);
  });

  it('while the mail server is down the message waits and is retried; it arrives exactly once when the server is back', async () => {
    const visitor = 'outage@delivery.example';
    await sink.goDown('refuse-connections');
    const { body } = await api<{ id: string }>('POST', '/v1/inquiries', inquiry(visitor));
    const failedOnce = await eventually(
      async () => (await outboxOf(body.id)).find((row) => row.kind === 'inquiry-acknowledgement'),
      (row) => (row?.attempts ?? 0) >= 1,
      'a first failed attempt',
    );
    expect(failedOnce!.status).toBe('queued');
    expect(failedOnce!.lastError).toMatch(/ECONNREFUSED/);
    await sink.goUp();
    const sent = await deliveredOnce(visitor, body.id);
    expect(sent.every((row) => row.attempts >= 2)).toBe(true);
  });

  it('a crash between commit and send (kill -9 of the job runner mid-delivery): the message is sent, once, after the restart', async () => {
    const visitor = 'crash@delivery.example';
    sink.holdDeliveries();
    const { body } = await api<{ id: string }>('POST', '/v1/inquiries', inquiry(visitor));
    // Both messages are committed and their DATA is at the server, unanswered: the runner is in the middle of sending.
    await sink.waitForHeld(2, 20_000);
    const runner = server.server.worker!;
    const exited = new Promise((resolve) => runner.once('exit', resolve));
    runner.kill('SIGKILL');
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 300));
    sink.releaseHeld(); // the dead runner's transactions are dropped, never accepted
    expect(arrivedFor(visitor)).toEqual([]);

    // `npm start` (server/serve.mjs) restarts the runner; on the same host, it hands the dead runner's jobs back at once.
    const rows = await deliveredOnce(visitor, body.id);
    const jobs = await database.all(
      `SELECT "status", "attempts", "lastError" FROM "Job" WHERE "type" = 'mail.send' AND CAST("payload" AS text) LIKE ?`,
      `%${rows[0]!.id}%`,
    );
    expect(jobs).toEqual([{ status: 'succeeded', attempts: 2, lastError: RUNNER_GONE_NOTE }]);
    expect(server.output()).toMatch(/job runner exited \(SIGKILL\); restarting/);
  });
});
