import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { DomainError, notFound } from '../../core/errors';
import { assignCommitmentsOf } from '../commitments/commitment-records';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { FindingDraft, PublishCheck } from './finding-draft';
import { checkPublishable, FindingDrafts } from './finding-draft';
import { recordReportReady, transition } from './report-transitions';

/*
 * The local-visibility audit, written by hand: a consultant claims a queued report (queued → processing, with
 * who and when), keeps a draft of findings on the report while working, and publishes it (→ ready). Only the
 * consultant holding the report may change its draft or publish it; another may take it over explicitly.
 */

const refused = (message: string) => new DomainError('TRANSITION_NOT_ALLOWED', message);

async function consultantReport(token: string) {
  const report = await db.report.findUnique({
    where: { token },
    select: { producer: true, status: true, claimedById: true, claimedBy: { select: { displayName: true } } },
  });
  if (!report) throw notFound('Report', token);
  if (report.producer !== 'consultant') throw refused('This report is a website audit: the system writes it.');
  return report;
}

/** The report must be processing and held by `actor`; otherwise the sentence that tells them why not. */
async function assertHeldBy(actor: StaffActor, token: string): Promise<void> {
  const report = await consultantReport(token);
  if (report.status === 'queued') throw refused('Claim this report before writing its findings.');
  if (report.status !== 'processing') throw refused('This report is already published.');
  if (report.claimedById !== actor.id) throw refused(`${report.claimedBy?.displayName ?? 'Someone else'} is working on this report; take it over first.`);
}

/**
 * Takes a report to write: a queued one becomes processing with `actor` as its consultant; one another consultant
 * holds passes to `actor` (a take-over, noted in the audit log with who held it). Claiming one's own is a no-op.
 */
export async function claimConsultantReport(actor: StaffActor, token: string, now = new Date()): Promise<void> {
  const report = await consultantReport(token);
  if (report.status === 'processing' && report.claimedById === actor.id) return;
  if (report.status !== 'queued' && report.status !== 'processing') throw refused('This report is already published.');
  const previous = report.status === 'processing' ? report.claimedById : null;
  const moved = await transition(token, {
    from: report.status,
    settled: ['processing', 'ready'],
    // Conditional on the holder we saw, so two consultants taking the same report at once cannot both win.
    where: { claimedById: previous },
    data: { status: 'processing', claimedById: actor.id, claimedAt: now },
    then: async (tx) => {
      await recordAudit(tx, actor, previous ? 'report.take_over' : 'report.claim', { type: 'report', id: token }, { previousConsultantId: previous });
      // Whoever writes the report owns the promise to deliver it: reminders and misses go to them.
      await assignCommitmentsOf(tx, { reportToken: token }, ['report-delivery'], actor.id);
    },
  });
  if (!moved) throw refused('Someone else claimed this report a moment ago; reload to see who.');
}

/** Keeps the findings as typed, valid or not, so nothing is lost between visits or on a refused publish. */
export async function saveReportDraft(actor: StaffActor, token: string, draft: readonly FindingDraft[], now = new Date()): Promise<void> {
  const parsed = FindingDrafts.safeParse(draft);
  // Only a hand-made request gets here: the form caps the number of findings and the length of each field.
  if (!parsed.success) throw refused('This draft is larger than a report can hold; shorten it and save again.');
  const stored = parsed.data as Prisma.InputJsonValue;
  await assertHeldBy(actor, token);
  await db.$transaction(async (tx) => {
    const { count } = await tx.report.updateMany({
      where: { token, status: 'processing', claimedById: actor.id },
      data: { draftFindings: stored, draftSavedAt: now },
    });
    if (count !== 1) throw refused('This report changed hands or was published while you were writing; reload it.');
    await recordAudit(tx, actor, 'report.save_draft', { type: 'report', id: token }, { findings: draft.length });
  });
}

/**
 * Saves the draft, then publishes it if it satisfies the contract (→ ready, the buyer notified). When it does not,
 * nothing is published and the check says which fields to fix; the draft is kept either way.
 */
export async function publishConsultantReport(actor: StaffActor, token: string, draft: readonly FindingDraft[], now = new Date()): Promise<PublishCheck> {
  await saveReportDraft(actor, token, draft, now);
  const check = checkPublishable(draft);
  if (!check.ok) return check;
  if (!(await recordReportReady(token, { findings: check.findings }, { now, publishedBy: actor }))) throw refused('This report is already published.');
  return check;
}
