import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { getServiceDetail } from '../catalogue/catalogue';
import { completeCheckout } from '../checkout';
import { startCheckout } from '../checkout/start-checkout';
import { transactionWithJobs } from '../../jobs/job-transaction';
import { reportIdOf } from '../webhooks/event-payloads';
import { loadMailSettings } from './mail-settings';
import { enqueueReportReadyMail } from './report-ready-mail';

const READY_AT = new Date('2026-11-21T09:00:00Z');

/** A paid audit whose report exists (queued), bought with or without a receipt address. */
async function paidAudit(buyer?: { email: string; name?: string }) {
  const { purchaseDigest } = await getServiceDetail('website-offer-audit');
  const { token } = await startCheckout('website-offer-audit', {
    purchaseDigest,
    buyerInputs: { url_to_audit: 'https://northgate.example/offer', responsibility_acknowledged: true },
  });
  const { providerSessionId } = await db.checkout.findUniqueOrThrow({ where: { token } });
  await completeCheckout('sandbox', providerSessionId, new Date('2026-11-20T16:05:00Z'), buyer);
  return db.report.findUniqueOrThrow({ where: { checkoutToken: token } });
}

/** What the reports work does when a report becomes ready: its own writes, and this message, in one transaction. */
async function markReady(reportToken: string, findings: unknown) {
  const settings = await loadMailSettings(READY_AT);
  return transactionWithJobs(async (tx, jobs) => {
    await tx.report.update({ where: { token: reportToken }, data: { status: 'ready', readyAt: READY_AT, findings: findings as never } });
    return enqueueReportReadyMail(tx, jobs, reportToken, settings);
  });
}

describe('enqueueReportReadyMail', () => {
  it('tells the buyer, with the report link and the findings by severity, once however often it is called', async () => {
    const report = await paidAudit({ email: 'lena@northgate.example', name: 'Lena Park' });
    const findings = [
      { title: 'No price', detail: 'd', severity: 'critical' },
      { title: 'Vague promise', detail: 'd', severity: 'major' },
      { title: 'Stock photo', detail: 'd', severity: 'minor' },
      { title: 'Hidden terms', detail: 'd', severity: 'critical' },
    ];
    const first = await markReady(report.token, findings);
    expect(await markReady(report.token, findings)).toBe(first);
    const [message, ...more] = await storedMessages({ type: 'report', id: report.token });
    expect(more).toEqual([]);
    expect(message).toMatchObject({ id: first, kind: 'report-ready', status: 'queued', recipients: ['lena@northgate.example'] });
    expect(message!.message.subject).toBe('Your Website Offer Constraint Audit report is ready');
    expect(message!.message.text).toContain(`http://localhost:3000/reports/${report.token}`);
    expect(message!.message.text).toContain('The report has 4 findings: 2 critical, 1 major and 1 minor.');
    expect(await db.job.count({ where: { type: 'mail.send', payload: { equals: { outboxId: first } } } })).toBe(1);
  });

  it('sends nothing when the buyer left no address, and refuses a report that does not exist', async () => {
    const report = await paidAudit();
    expect(await markReady(report.token, [])).toBeNull();
    expect(await storedMessages({ type: 'report', id: report.token })).toEqual([]);
    const settings = await loadMailSettings(READY_AT);
    await expect(transactionWithJobs((tx, jobs) => enqueueReportReadyMail(tx, jobs, 'rp_missing', settings))).rejects.toThrow(
      // Named by its public id: the error may reach a job's lastError and the log, where a token must not.
      `Report ${reportIdOf('rp_missing')} does not exist.`,
    );
  });
});
