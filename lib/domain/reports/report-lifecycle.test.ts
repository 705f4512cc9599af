import { describe, expect, it } from 'vitest';
import type { AuditedPageBody, ReportFindingBody } from '@/lib/contract/checkout';
import { ReportRecord } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import { DomainError } from '../../core/errors';
import { claimReportForProcessing, getReport, recordReportFailed, recordReportReady } from '.';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { buyWebsiteAudit } from '../../../test-support/buy-audit';

const paidAudit = () => buyWebsiteAudit('https://sunrise-plumbing.example/');

/** What the notification hooks and staff wrote about a report, oldest first. */
const auditTrail = async (token: string) =>
  (await db.auditLog.findMany({ where: { entityType: 'report', entityId: token }, orderBy: { id: 'asc' } })).map((entry) => [
    entry.actorId,
    entry.action,
    entry.details,
  ]);

const finding = (id: string, severity: ReportFindingBody['severity']): ReportFindingBody => ({
  id,
  category: id.startsWith('offer.') ? 'offer' : 'search-visibility',
  severity,
  title: `Title of ${id}`,
  detail: `Detail of ${id}.`,
  recommendation: `Change for ${id}.`,
  evidence: severity === 'info' ? null : `Seen for ${id}`,
});

const FINDINGS = [finding('basics.canonical-missing', 'minor'), finding('offer.no-guarantee', 'major'), finding('basics.not-https', 'critical')];

const PAGE: AuditedPageBody = {
  requestedUrl: 'http://sunrise-plumbing.example/',
  finalUrl: 'https://www.sunrise-plumbing.example/',
  redirectCount: 2,
  fetchMs: 812,
  timeToFirstByteMs: 304,
  bytes: 48_210,
  truncated: false,
  https: true,
};

describe('report lifecycle on the real database', () => {
  it('starts queued, with nothing but its status to show', async () => {
    const token = await paidAudit();
    const report = await getReport(token);
    expect(report).toMatchObject({ status: 'queued', serviceId: 'website-offer-audit', readyAt: null, failureReason: null, findings: null, summary: null });
    expect(ReportRecord.safeParse(report).success).toBe(true);
  });

  it('is claimed once: queued → processing, and a second claim changes nothing', async () => {
    const token = await paidAudit();
    expect(await claimReportForProcessing(token)).toBe(true);
    expect(await claimReportForProcessing(token)).toBe(false);
    expect((await getReport(token)).status).toBe('processing');
  });

  it('stores a finished audit, ordered by severity and counted, exactly once', async () => {
    const token = await paidAudit();
    await claimReportForProcessing(token);
    const readyAt = new Date('2026-11-23T15:04:05.000Z');
    expect(await recordReportReady(token, { findings: FINDINGS, page: PAGE }, { now: readyAt })).toBe(true);

    const report = await getReport(token);
    expect(report).toMatchObject({ status: 'ready', readyAt: '2026-11-23T15:04:05.000Z', failureReason: null });
    expect(report.findings?.map((item) => item.id)).toEqual(['basics.not-https', 'offer.no-guarantee', 'basics.canonical-missing']);
    expect(report.findings?.[0]).toEqual(FINDINGS[2]);
    expect(report.summary).toEqual({ counts: { critical: 1, major: 1, minor: 1, info: 0, total: 3 }, page: PAGE });
    expect(ReportRecord.safeParse(report).success).toBe(true);

    // A repeated call (a retried job) changes nothing, not even readyAt; nor does a late failure.
    expect(await recordReportReady(token, { findings: [] }, { now: new Date('2026-11-24T00:00:00.000Z') })).toBe(false);
    expect(await recordReportFailed(token, 'The page did not answer.')).toBe(false);
    expect(await getReport(token)).toEqual(report);
    // The report-ready hook ran once, in the transaction that made it ready.
    expect(await auditTrail(token)).toEqual([['system', 'report.ready', { serviceId: 'website-offer-audit' }]]);
  });

  it('tells the buyer who left an address that the report is ready, once, with its link and the counts', async () => {
    const token = await buyWebsiteAudit('https://sunrise-plumbing.example/', { buyer: { email: 'dana@sunrise-plumbing.example', name: 'Dana Ruiz' } });
    await claimReportForProcessing(token);
    await recordReportReady(token, { findings: FINDINGS, page: PAGE });
    await recordReportReady(token, { findings: FINDINGS, page: PAGE });
    const ready = (await storedMessages({ type: 'report', id: token })).filter((message) => message.kind === 'report-ready');
    expect(ready.map((message) => message.recipients)).toEqual([['dana@sunrise-plumbing.example']]);
    expect(ready[0]!.message.text).toContain(`/reports/${token}`);
    expect(ready[0]!.message.text).toContain('The report has 3 findings: 1 critical, 1 major and 1 minor.');
  });

  it("tells the firm's inbox when a paid report fails, with the reason the buyer reads", async () => {
    const token = await buyWebsiteAudit('https://sunrise-plumbing.example/', { buyer: { email: 'dana@sunrise-plumbing.example' } });
    await claimReportForProcessing(token);
    await recordReportFailed(token, 'The page at https://sunrise-plumbing.example/ answered 404 (not found).');
    const [notice, ...more] = (await storedMessages({ type: 'report', id: token })).filter((message) => message.kind === 'report-failed-notice');
    expect(more).toEqual([]);
    const company = await db.companyProfile.findFirstOrThrow();
    expect(notice!.recipients).toEqual([company.contactEmail]);
    expect(notice!.message.subject).toBe('[REPORT FAILED] Website Offer Constraint Audit: a paid report could not be produced');
    expect(notice!.message.text).toContain('The page at https://sunrise-plumbing.example/ answered 404 (not found).');
    expect(notice!.message.text).toContain('dana@sunrise-plumbing.example');
    expect(notice!.message.text).toContain(`/staff/reports/${token}`);
  });

  it('stores a consultant report without a page, and an empty one', async () => {
    const token = await paidAudit();
    await claimReportForProcessing(token);
    await recordReportReady(token, { findings: [] });
    expect(await getReport(token)).toMatchObject({ findings: [], summary: { counts: { critical: 0, major: 0, minor: 0, info: 0, total: 0 }, page: null } });
  });

  it('stores a failure with its reason for the buyer, exactly once', async () => {
    const token = await paidAudit();
    await claimReportForProcessing(token);
    const reason = 'The page at https://sunrise-plumbing.example/ did not answer within 10 seconds.';
    expect(await recordReportFailed(token, `  ${reason} `)).toBe(true);
    expect(await getReport(token)).toMatchObject({ status: 'failed', failureReason: reason, findings: null, summary: null, readyAt: null });
    expect(await recordReportFailed(token, 'Another reason.')).toBe(false);
    expect(await recordReportReady(token, { findings: FINDINGS })).toBe(false);
    expect((await getReport(token)).failureReason).toBe(reason);
    // The firm is told once, with the reason the buyer reads.
    expect(await auditTrail(token)).toEqual([['system', 'report.failed', { serviceId: 'website-offer-audit', failureReason: reason }]]);
  });

  it('refuses to finish a report nobody claimed', async () => {
    const token = await paidAudit();
    const error = await recordReportReady(token, { findings: FINDINGS }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('TRANSITION_NOT_ALLOWED');
    await expect(recordReportFailed(token, 'No.')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    expect((await getReport(token)).status).toBe('queued');
  });

  it('refuses findings outside the contract and an empty failure reason, leaving the report as it was', async () => {
    const token = await paidAudit();
    await claimReportForProcessing(token);
    const bad = { ...finding('offer.no-guarantee', 'major'), severity: 'high' } as unknown as ReportFindingBody;
    await expect(recordReportReady(token, { findings: [bad] })).rejects.toThrow();
    await expect(recordReportFailed(token, '   ')).rejects.toThrow('A failed report needs a reason the buyer can read');
    expect((await getReport(token)).status).toBe('processing');
    expect(await auditTrail(token)).toEqual([]);
  });

  it('answers not found for an unknown token', async () => {
    await expect(getReport('no-such-report')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(claimReportForProcessing('no-such-report')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets only one of two concurrent finishers win', async () => {
    const token = await paidAudit();
    await claimReportForProcessing(token);
    const outcomes = await Promise.all([recordReportReady(token, { findings: FINDINGS }), recordReportFailed(token, 'Timed out.')]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const report = await getReport(token);
    expect(report.status).toBe(outcomes[0] ? 'ready' : 'failed');
    expect((await auditTrail(token)).map(([, action]) => action)).toEqual([outcomes[0] ? 'report.ready' : 'report.failed']);
  });
});
