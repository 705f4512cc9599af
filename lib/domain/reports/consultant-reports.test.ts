import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import type { StaffActor } from '../staff/roles';
import {
  claimConsultantReport,
  claimReportForProcessing,
  EMPTY_FINDING,
  getReport,
  getReportForStaff,
  publishConsultantReport,
  recordReportFailed,
  reportsForStaff,
  saveReportDraft,
} from '.';
import { buyLocalAudit, buyWebsiteAudit } from '../../../test-support/buy-audit';
import { missingHours, unansweredReviews } from '../../../test-support/reports/finding-drafts';

async function consultant(displayName: string, role: StaffActor['role'] = 'sales'): Promise<StaffActor> {
  const id = `stf_${displayName.toLowerCase().replace(/\W+/g, '_')}`;
  const email = `${id}@throughline.example`;
  await db.staffUser.create({ data: { id, email, displayName, role, passwordHash: 'not-used' } });
  return { id, email, displayName, role };
}

const auditTrail = async (token: string) =>
  (await db.auditLog.findMany({ where: { entityType: 'report', entityId: token }, orderBy: { id: 'asc' } })).map((entry) => [entry.actorEmail, entry.action]);

let rosa: StaffActor;
let sam: StaffActor;
beforeAll(async () => {
  rosa = await consultant('Rosa Diaz');
  sam = await consultant('Sam Okoye', 'admin');
});

describe('a consultant writing the local-visibility report', () => {
  it('claims it (queued → processing, with who and when), drafts, publishes; the buyer reads the findings', async () => {
    const token = await buyLocalAudit({ business_name: 'Ridgeline Bakery', location: 'Pittsburgh, PA', competitors: ['Keystone Bakery', 'Crust & Co'] });
    const claimedAt = new Date('2026-11-23T15:00:00.000Z');
    await claimConsultantReport(rosa, token, claimedAt);
    await claimConsultantReport(rosa, token); // again: nothing changes
    const claimed = await getReportForStaff(token);
    expect(claimed).toMatchObject({
      status: 'processing',
      producer: 'consultant',
      serviceName: 'Local Market Constraint Audit',
      subject: 'Ridgeline Bakery, Pittsburgh, PA',
      claimedBy: { id: rosa.id, displayName: 'Rosa Diaz' },
      claimedAt,
      draft: [],
      findings: null,
    });
    expect(claimed.buyerInputs).toEqual([
      ['business_name', 'Ridgeline Bakery'],
      ['location', 'Pittsburgh, PA'],
      ['competitors', 'Keystone Bakery, Crust & Co'],
    ]);
    expect((await getReport(token)).status).toBe('processing');

    // Half-written: kept as typed, invalid or not.
    const halfWay = [{ ...EMPTY_FINDING, title: 'Reviews: no replies', detail: 'x'.repeat(5000) }];
    await saveReportDraft(rosa, token, halfWay, new Date('2026-11-23T15:10:00.000Z'));
    expect(await getReportForStaff(token)).toMatchObject({ draft: halfWay, draftSavedAt: new Date('2026-11-23T15:10:00.000Z') });

    const readyAt = new Date('2026-11-23T16:00:00.000Z');
    expect(await publishConsultantReport(rosa, token, [unansweredReviews, missingHours], readyAt)).toMatchObject({ ok: true });
    const report = await getReport(token);
    expect(report).toMatchObject({ status: 'ready', readyAt: '2026-11-23T16:00:00.000Z', failureReason: null });
    // Worst first, evidence left empty is null, and no page: this audit is not about one page.
    expect(report.findings).toEqual([{ ...missingHours, evidence: null }, unansweredReviews]);
    expect(report.summary).toEqual({ counts: { critical: 1, major: 1, minor: 0, info: 0, total: 2 }, page: null });
    expect(await getReportForStaff(token)).toMatchObject({ status: 'ready', draft: [], findings: report.findings });
    expect(await auditTrail(token)).toEqual([
      [rosa.email, 'report.claim'],
      [rosa.email, 'report.save_draft'],
      [rosa.email, 'report.save_draft'],
      [rosa.email, 'report.publish'],
      ['system', 'report.ready'],
    ]);
  });

  it('keeps the draft when publishing is refused, and says which fields to fix', async () => {
    const token = await buyLocalAudit();
    await claimConsultantReport(rosa, token);
    const unfinished = [unansweredReviews, { ...missingHours, severity: '', recommendation: '   ' }];
    const check = await publishConsultantReport(rosa, token, unfinished);
    expect(check.ok).toBe(false);
    expect(check.ok ? [] : check.issues.map((issue) => issue.path.join('.'))).toEqual(['findings.1.severity', 'findings.1.recommendation']);
    expect(await getReportForStaff(token)).toMatchObject({ status: 'processing', draft: unfinished });
    expect((await getReport(token)).findings).toBeNull();
  });

  it('lets only the consultant holding the report write it, until another takes it over', async () => {
    const token = await buyLocalAudit();
    await expect(saveReportDraft(rosa, token, [unansweredReviews])).rejects.toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'Claim this report before writing its findings.',
    });
    await claimConsultantReport(rosa, token);
    await saveReportDraft(rosa, token, [unansweredReviews]);
    await expect(saveReportDraft(sam, token, [])).rejects.toMatchObject({ message: 'Rosa Diaz is working on this report; take it over first.' });
    await expect(publishConsultantReport(sam, token, [missingHours])).rejects.toMatchObject({
      message: 'Rosa Diaz is working on this report; take it over first.',
    });
    await expect(saveReportDraft(rosa, token, [{ ...unansweredReviews, detail: 'x'.repeat(20_001) }])).rejects.toMatchObject({
      message: 'This draft is larger than a report can hold; shorten it and save again.',
    });
    expect((await getReportForStaff(token)).draft).toEqual([unansweredReviews]);

    await claimConsultantReport(sam, token);
    const taken = await getReportForStaff(token);
    expect(taken).toMatchObject({ claimedBy: { id: sam.id, displayName: 'Sam Okoye' }, draft: [unansweredReviews] });
    await expect(saveReportDraft(rosa, token, [])).rejects.toMatchObject({ message: 'Sam Okoye is working on this report; take it over first.' });
    const takeOver = await db.auditLog.findFirstOrThrow({ where: { entityId: token, action: 'report.take_over' } });
    expect(takeOver).toMatchObject({ actorId: sam.id, details: { previousConsultantId: rosa.id } });
  });

  it('gives a report claimed by two consultants at once to one of them', async () => {
    const token = await buyLocalAudit();
    const outcomes = await Promise.allSettled([claimConsultantReport(rosa, token), claimConsultantReport(sam, token)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ message: 'Someone else claimed this report a moment ago; reload to see who.' });
    const winner = outcomes[0]!.status === 'fulfilled' ? rosa : sam;
    expect((await getReportForStaff(token)).claimedBy?.id).toBe(winner.id);
    expect((await auditTrail(token)).map(([, action]) => action)).toEqual(['report.claim']);
  });

  it('refuses to claim, draft or publish a published report, and a website audit', async () => {
    const token = await buyLocalAudit();
    await claimConsultantReport(rosa, token);
    await publishConsultantReport(rosa, token, [unansweredReviews]);
    await expect(claimConsultantReport(sam, token)).rejects.toMatchObject({ message: 'This report is already published.' });
    await expect(saveReportDraft(rosa, token, [])).rejects.toMatchObject({ message: 'This report is already published.' });
    await expect(publishConsultantReport(rosa, token, [missingHours])).rejects.toMatchObject({ message: 'This report is already published.' });
    expect((await getReport(token)).findings).toEqual([unansweredReviews]);

    const website = await buyWebsiteAudit('https://ridgeline.example/');
    await expect(claimConsultantReport(rosa, website)).rejects.toMatchObject({ message: 'This report is a website audit: the system writes it.' });
    await expect(claimConsultantReport(rosa, 'no-such-report')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the staff list of reports', () => {
  it('shows the reports to write oldest first, those published, and the website audits with the failed ones first', async () => {
    await db.report.deleteMany();
    const waiting = await buyLocalAudit({ place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' });
    const inHand = await buyLocalAudit({ business_name: 'Allegheny Castings', location: 'Erie, PA' });
    await claimConsultantReport(rosa, inHand);
    const done = await buyLocalAudit();
    await claimConsultantReport(sam, done);
    await publishConsultantReport(sam, done, [missingHours]);
    const running = await buyWebsiteAudit('https://sunrise-plumbing.example/');
    const failed = await buyWebsiteAudit('http://10.0.0.8/');
    await claimReportForProcessing(failed);
    await recordReportFailed(failed, 'The page at http://10.0.0.8/ points to a private or internal network address, which we do not fetch.');

    const lists = await reportsForStaff();
    expect(lists.toWrite.map((report) => [report.subject, report.status, report.claimedBy?.displayName ?? null])).toEqual([
      ['Place id ChIJN1t_tDeuEmsRUsoyG83frY4', 'queued', null],
      ['Allegheny Castings, Erie, PA', 'processing', 'Rosa Diaz'],
    ]);
    expect(lists.toWrite.map((report) => report.token)).toEqual([waiting, inHand]);
    expect(lists.published.map((report) => [report.token, report.status])).toEqual([[done, 'ready']]);
    expect(lists.websiteAudits.map((report) => [report.token, report.subject, report.status, report.failureReason])).toEqual([
      [failed, 'http://10.0.0.8/', 'failed', 'The page at http://10.0.0.8/ points to a private or internal network address, which we do not fetch.'],
      [running, 'https://sunrise-plumbing.example/', 'queued', null],
    ]);
  });
});
