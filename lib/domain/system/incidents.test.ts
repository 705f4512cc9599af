import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createMailTransport, type MailTransport } from '@/lib/mail';
import { metrics } from '@/lib/observability/metrics.mjs';
import { captureLog } from '@/test-support/log-capture';
import { testMailContext } from '@/test-support/mail/mail-fixtures';
import { startSmtpSink, type SmtpSink } from '@/test-support/mail/smtp-sink';
import type { CheckResult, HealthChecks } from './health-checks';
import { alertSender, reconcileIncidents } from './incidents';

/**
 * Incidents and their alerts, against a real SMTP server: one alert per incident (however many instances notice it),
 * sent at once by the instance that noticed, and an all-clear when the check passes again.
 */
const { outboxId: _unused, ...settings } = testMailContext();
const T0 = new Date('2026-11-27T22:30:00.000Z'); // a Friday night
const at = (ms: number) => new Date(T0.getTime() + ms);

let sink: SmtpSink;
let transport: MailTransport;

beforeAll(async () => {
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url, { connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 5_000 })!;
});
afterAll(() => sink.stop());
beforeEach(async () => {
  await db.incident.deleteMany();
  await db.job.deleteMany();
  await db.outboxMessage.deleteMany();
});
afterEach(async () => {
  await sink.goUp();
  sink.clear();
});

const pass: CheckResult = { status: 'pass', detail: 'fine', since: null, count: 0 };
const silentRunner: CheckResult = {
  status: 'fail',
  detail: 'No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
  since: at(-45_000),
  count: 0,
};
const checks = (overrides: Partial<HealthChecks> = {}): HealthChecks => ({
  jobRunner: pass,
  jobQueue: pass,
  unseenFailures: pass,
  mail: pass,
  calendars: pass,
  ...overrides,
});

describe('reconcileIncidents', () => {
  it('opens one incident for a failing check and sends its alert at once, itself, without a job runner', async () => {
    const changes = await reconcileIncidents(checks({ jobRunner: silentRunner }), T0, { settings, transport });
    expect(changes).toEqual([{ check: 'jobRunner', change: 'opened', incidentId: expect.stringMatching(/^inc_/) }]);

    const [message] = await sink.waitForMessages(1);
    expect(message!.envelope.rcptTo).toEqual(['inbox@throughlinepartners.com']);
    expect(message!.parsed.subject).toBe(
      '[ALERT] Throughline Partners site: No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
    );
    expect(message!.parsed.text).toContain('Check:    jobRunner\nSince:    Friday 27 November 2026, 5:29 PM EST\nHow many: 0\n');
    expect(message!.parsed.text).toContain('https://www.throughlinepartners.com/staff/system');

    const incident = await db.incident.findFirstOrThrow();
    expect(incident).toMatchObject({ check: 'jobRunner', openCheck: 'jobRunner', since: at(-45_000), openedAt: T0, closedAt: null, count: 0 });
    // Recorded in the outbox like every message, and delivered through its job, held by this instance.
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: incident.alertOutboxId! } })).toMatchObject({
      kind: 'system-alert',
      status: 'sent',
      aboutType: 'incident',
      aboutId: incident.id,
    });
    expect(await db.job.findFirstOrThrow({ where: { type: 'mail.send' } })).toMatchObject({ status: 'succeeded', attempts: 1, leaseOwner: null });
  });

  it('sends nothing more while the problem lasts, however many instances look', async () => {
    const failing = checks({ jobRunner: silentRunner });
    // Three instances notice at the same moment.
    await Promise.all([
      reconcileIncidents(failing, T0, { settings, transport }),
      reconcileIncidents(failing, T0, { settings, transport }),
      reconcileIncidents(failing, T0, { settings, transport }),
    ]);
    await reconcileIncidents(failing, at(5_000), { settings, transport });
    await reconcileIncidents(failing, at(10_000), { settings, transport });
    await sink.waitForMessages(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toHaveLength(1);
    expect(await db.incident.count()).toBe(1);
  });

  it('closes the incident with an all-clear when the check passes again, and opens a new one if it fails later', async () => {
    await reconcileIncidents(checks({ jobRunner: silentRunner }), T0, { settings, transport });
    const changes = await reconcileIncidents(checks(), at(120_000), { settings, transport });
    expect(changes).toEqual([{ check: 'jobRunner', change: 'closed', incidentId: expect.stringMatching(/^inc_/) }]);
    const [, cleared] = await sink.waitForMessages(2);
    expect(cleared!.parsed.subject).toBe(
      '[RESOLVED] Throughline Partners site: No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
    );
    expect(cleared!.parsed.text).toContain('Cleared: Friday 27 November 2026, 5:32 PM EST\n');
    expect(await db.incident.findFirstOrThrow()).toMatchObject({ openCheck: null, closedAt: at(120_000) });
    expect(await reconcileIncidents(checks(), at(125_000), { settings, transport })).toEqual([]);

    await reconcileIncidents(checks({ jobRunner: { ...silentRunner, since: at(200_000) } }), at(245_000), { settings, transport });
    expect(await db.incident.count({ where: { openCheck: 'jobRunner' } })).toBe(1);
    expect(await db.incident.count()).toBe(2);
  });

  it('when mail itself fails, keeps the alert in the outbox for a retry and counts the failed delivery', async () => {
    await sink.goDown('refuse-connections');
    const failuresBefore = (await metrics().alertDeliveryFailures.get()).values[0]?.value ?? 0;
    const mailFailing: CheckResult = {
      status: 'fail',
      detail: 'Mail has been failing for 12 minutes: 3 messages not delivered.',
      since: at(-720_000),
      count: 3,
    };
    await reconcileIncidents(checks({ mail: mailFailing }), T0, { settings, transport });
    expect((await metrics().alertDeliveryFailures.get()).values[0]?.value).toBe(failuresBefore + 1);
    const incident = await db.incident.findFirstOrThrow();
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: incident.alertOutboxId! } })).toMatchObject({ status: 'queued', attempts: 1 });
    // Back in the queue with its backoff, for a runner to retry; this instance no longer holds it.
    expect(await db.job.findFirstOrThrow({ where: { type: 'mail.send' } })).toMatchObject({ status: 'queued', attempts: 1, leaseOwner: null });
    expect(alertSender()).toMatch(new RegExp(`:${process.pid}:alerts$`));
  });

  it('when the outbox itself fails, still logs the alert at error level and counts the failed delivery', async () => {
    const failuresBefore = (await metrics().alertDeliveryFailures.get()).values[0]?.value ?? 0;
    const deadJobs: CheckResult = { status: 'fail', detail: '2 jobs died that no admin has looked at.', since: at(-60_000), count: 2 };
    const log = captureLog('info');
    // The outbox's table is gone (a broken database), so storing the alert fails; put back afterwards for the next test.
    await db.$executeRawUnsafe('ALTER TABLE "OutboxMessage" RENAME TO "OutboxMessageAway"');
    let changes: Awaited<ReturnType<typeof reconcileIncidents>>;
    try {
      changes = await reconcileIncidents(checks({ unseenFailures: deadJobs }), T0, { settings, transport });
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "OutboxMessageAway" RENAME TO "OutboxMessage"');
      log.restore();
    }
    expect(changes).toEqual([]);
    expect((await metrics().alertDeliveryFailures.get()).values[0]?.value).toBe(failuresBefore + 1);
    const errors = log.lines.filter((line) => line.level === 'error');
    expect(errors.map((line) => [line.component, line.check, line.msg])).toEqual([
      ['alerts', 'unseenFailures', 'ALERT unseenFailures: 2 jobs died that no admin has looked at.'],
      ['alerts', 'unseenFailures', 'alert could not be stored in the outbox: 2 jobs died that no admin has looked at.'],
    ]);
    expect(errors[0]).toMatchObject({ since: '2026-11-27T22:29:00.000Z', count: 2, incidentId: expect.stringMatching(/^inc_/) });
    // The incident was stored with its alert, in one transaction: neither is there, so the next look tries again.
    expect(await db.incident.count()).toBe(0);
    expect(await db.outboxMessage.count()).toBe(0);
    expect(sink.messages).toEqual([]);
  });
});
