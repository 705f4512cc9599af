import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createMailTransport, inquiryAcknowledgement, RenderedMessage, type MailTransport } from '@/lib/mail';
import { testMailContext } from '@/test-support/mail/mail-fixtures';
import * as samples from '@/test-support/mail/mail-samples';
import { mailTestRunner } from '@/test-support/mail/mail-runner';
import { manualClock } from '@/test-support/manual-clock';
import { startSmtpSink, type SmtpSink } from '@/test-support/mail/smtp-sink';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { createStaffUser } from '../staff/accounts';
import { enqueueMail } from './outbox';
import { getOutboxMessage, listOutbox, resendOutboxMessage } from './outbox-admin';
import { sendOutboxMessage } from './send-outbox-message';

const { outboxId: _unused, ...settings } = testMailContext();
const T0 = '2026-11-20T12:00:00.000Z';
const HOUR = 3_600_000;

let sink: SmtpSink;
let transport: MailTransport;
const actorPromise = createStaffUser({ email: 'sales@outbox.example', displayName: 'Sales', role: 'sales', password: 'a long sales password' });

beforeAll(async () => {
  sink = await startSmtpSink({ rejectRecipient: (address) => address.endsWith('@bounce.example') });
  transport = createMailTransport(sink.url, { connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 5_000 })!;
});
afterAll(() => sink.stop());
beforeEach(async () => {
  await db.job.deleteMany();
  await db.outboxMessage.deleteMany();
});
afterEach(async () => {
  await sink.goUp();
  sink.clear();
});

/** An inquiry acknowledgement in the outbox, to `email`, as the inquiry's transaction would store it. */
function enqueueAcknowledgement(email = samples.inquiry.email): Promise<string> {
  return transactionWithJobs((tx, jobs) =>
    enqueueMail(tx, jobs, {
      settings,
      about: { type: 'inquiry', id: samples.inquiry.inquiryId },
      render: (context) => inquiryAcknowledgement({ ...samples.inquiry, email }, context),
    }),
  );
}

const row = (id: string) => db.outboxMessage.findUniqueOrThrow({ where: { id } });
const sendJobs = () => db.job.findMany({ where: { type: 'mail.send' }, orderBy: { createdAt: 'asc' } });

describe('enqueueMail', () => {
  it('stores the rendered message and its send job with the record, and neither when the transaction rolls back', async () => {
    const id = await enqueueAcknowledgement();
    const stored = await row(id);
    expect(id).toMatch(/^out_[A-Za-z0-9_-]{22}$/);
    expect(stored).toMatchObject({
      kind: 'inquiry-acknowledgement',
      recipients: ['rosa@allegheny.example'],
      subject: 'We have your inquiry (TOC-2026-00042)',
      status: 'queued',
      attempts: 0,
      aboutType: 'inquiry',
      aboutId: 'inq_7Qm2x',
      createdAt: new Date(T0),
      sentAt: null,
    });
    const message = RenderedMessage.parse(stored.message);
    expect(message.messageId).toBe(`<${id}@www.throughlinepartners.com>`);
    expect((await sendJobs()).map((job) => [job.payload, job.status, job.maxAttempts])).toEqual([[{ outboxId: id }, 'queued', 10]]);

    await expect(
      transactionWithJobs(async (tx, jobs) => {
        await enqueueMail(tx, jobs, {
          settings,
          about: { type: 'inquiry', id: 'inq_gone' },
          render: (context) => inquiryAcknowledgement(samples.inquiry, context),
        });
        throw new Error('the inquiry could not be stored');
      }),
    ).rejects.toThrow('the inquiry could not be stored');
    expect(await db.outboxMessage.count()).toBe(1);
    expect(await sendJobs()).toHaveLength(1);
  });
});

describe('sending', () => {
  it('delivers the stored message once and records the server reply; a rerun of the job sends nothing more', async () => {
    const id = await enqueueAcknowledgement();
    const now = new Date('2026-11-20T12:00:05Z');
    expect(await sendOutboxMessage(id, { attempt: 1, maxAttempts: 10, now, transport })).toBe('sent');
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: now, smtpResponse: '250 OK: message queued', lastError: null });
    expect(await sendOutboxMessage(id, { attempt: 2, maxAttempts: 10, now, transport })).toBe('already-sent');
    const [captured, ...more] = await sink.waitForMessages(1);
    expect(more).toEqual([]);
    expect(captured!.envelope.rcptTo).toEqual(['rosa@allegheny.example']);
    expect(captured!.parsed.messageId).toBe(`<${id}@www.throughlinepartners.com>`);
  });

  it('keeps the message as not sent when SMTP_URL is unset, and the job succeeds with nothing to retry', async () => {
    const id = await enqueueAcknowledgement();
    const clock = manualClock(T0);
    expect(await mailTestRunner(clock, null).tick()).toBe(1);
    expect((await sendJobs()).map((job) => [job.status, job.attempts])).toEqual([['succeeded', 1]]);
    expect(await row(id)).toMatchObject({
      status: 'not-sent',
      attempts: 1,
      sentAt: null,
      lastError: 'Not sent: SMTP_URL is not set. Resend it once a mail server is configured.',
    });
  });

  it('retries with backoff while the server is down, and delivers exactly once, with the stored Message-ID, once it is back', async () => {
    const id = await enqueueAcknowledgement();
    const clock = manualClock(T0);
    const runner = mailTestRunner(clock, transport);
    await sink.goDown('refuse-connections');
    expect(await runner.tick()).toBe(1);
    const [afterFirst] = await sendJobs();
    // Equal jitter with random() = 0: half of the 5 s step.
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, runAt: new Date('2026-11-20T12:00:02.500Z') });
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await row(id)).lastError).toMatch(/^MailDeliveryError: SMTP delivery failed: .*ECONNREFUSED/);

    await sink.goDown('temporary-failure');
    clock.advance(2_500);
    expect(await runner.tick()).toBe(1);
    expect((await row(id)).lastError).toMatch(/421/);

    await sink.goUp();
    expect(await runner.tick()).toBe(0); // not due before its backoff
    clock.advance(5_000);
    expect(await runner.tick()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, sentAt: new Date('2026-11-20T12:00:07.500Z') });
    expect(sink.messages.map((m) => m.parsed.messageId)).toEqual([`<${id}@www.throughlinepartners.com>`]);
  });

  it('marks the message failed after the last attempt; Resend sends the same message, same Message-ID, once', async () => {
    const id = await enqueueAcknowledgement();
    const clock = manualClock(T0);
    const runner = mailTestRunner(clock, transport);
    await sink.goDown('refuse-connections');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await runner.tick()).toBe(1);
      expect((await row(id)).status).toBe(attempt < 10 ? 'queued' : 'failed');
      clock.advance(HOUR);
    }
    expect((await sendJobs()).map((job) => [job.status, job.attempts])).toEqual([['dead', 10]]);
    expect(await runner.tick()).toBe(0);
    const listed = await listOutbox({ status: 'failed' });
    expect(listed.messages.map((m) => [m.id, m.status, m.attempts])).toEqual([[id, 'failed', 10]]);
    expect(listed.counts).toEqual({ queued: 0, sent: 0, failed: 1, 'not-sent': 0 });
    expect((await getOutboxMessage(id)).resendable).toBe(true);

    await sink.goUp();
    const actor = await actorPromise;
    await resendOutboxMessage(actor, id, clock.now());
    expect(await row(id)).toMatchObject({ status: 'queued' });
    expect(await runner.tick()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 11 });
    expect(sink.messages.map((m) => m.parsed.messageId)).toEqual([`<${id}@www.throughlinepartners.com>`]);
    expect(await db.auditLog.count({ where: { action: 'outbox.resend', entityId: id } })).toBe(1);
    await expect(resendOutboxMessage(actor, id)).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(resendOutboxMessage(actor, 'out_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('fails a message the server refuses for good (550) at once, without retrying', async () => {
    const id = await enqueueAcknowledgement('nobody@bounce.example');
    const runner = mailTestRunner(manualClock(T0), transport);
    expect(await runner.tick()).toBe(1);
    expect((await sendJobs()).map((job) => [job.status, job.attempts])).toEqual([['dead', 1]]);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).lastError).toMatch(/550/);
    expect(sink.messages).toEqual([]);
  });
});
