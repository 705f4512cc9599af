import { BUYER_INPUT_NAMES } from '@/lib/contract/catalogue';
import type { ReportFindingBody } from '@/lib/contract/checkout';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '../../core/errors';
import type { FindingDraft } from './finding-draft';
import { parseStoredDraft } from './finding-draft';
import type { ReportProducer, ReportStatus } from './report-record';
import { findingsOf } from './report-record';

/** One report as staff list it: what it is about, where it stands, who works on it. */
export interface StaffReportListing {
  token: string;
  serviceName: string;
  producer: ReportProducer;
  status: ReportStatus;
  /** What the audit is about: the page, or the business and where it is. */
  subject: string;
  createdAt: Date;
  claimedBy: { id: string; displayName: string } | null;
  claimedAt: Date | null;
  readyAt: Date | null;
  failureReason: string | null;
}

const LISTED = {
  token: true,
  producer: true,
  status: true,
  createdAt: true,
  claimedAt: true,
  readyAt: true,
  failureReason: true,
  claimedBy: { select: { id: true, displayName: true } },
  checkout: { select: { serviceName: true, buyerInputs: true } },
} as const satisfies Prisma.ReportSelect;

type ListedRow = Prisma.ReportGetPayload<{ select: typeof LISTED }>;

function text(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value ?? '');
}

/** Where each input name stands in the contract's list; names outside it come last. */
const inputRank = (name: string) => {
  const rank = (BUYER_INPUT_NAMES as readonly string[]).indexOf(name);
  return rank === -1 ? BUYER_INPUT_NAMES.length : rank;
};

/**
 * The buyer's inputs worth showing (the acknowledgement is implied by the purchase), as text, in the contract's order
 * of input names: PostgreSQL's jsonb keeps no key order, so the order they were sent in is not kept on every engine.
 */
function buyerInputsOf(row: ListedRow): [string, string][] {
  return buyerInputPairs(row.checkout.buyerInputs);
}

function buyerInputPairs(buyerInputs: unknown): [string, string][] {
  const inputs = (buyerInputs ?? {}) as Record<string, unknown>;
  return Object.entries(inputs)
    .filter(([name, value]) => name !== 'responsibility_acknowledged' && text(value).trim() !== '')
    .sort(([a], [b]) => inputRank(a) - inputRank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => [name, text(value)]);
}

function subjectOf(row: ListedRow): string {
  return reportSubject(row.checkout.buyerInputs);
}

/** What an audit is about, from its buyer's inputs: the page, or the business and where it is. */
export function reportSubject(buyerInputs: unknown): string {
  const inputs = Object.fromEntries(buyerInputPairs(buyerInputs));
  if (inputs.url_to_audit) return inputs.url_to_audit;
  if (inputs.business_name) return [inputs.business_name, inputs.location].filter(Boolean).join(', ');
  return inputs.place_id ? `Place id ${inputs.place_id}` : '(no details given)';
}

function listingOf(row: ListedRow): StaffReportListing {
  return {
    token: row.token,
    serviceName: row.checkout.serviceName,
    producer: row.producer as ReportProducer,
    status: row.status as ReportStatus,
    subject: subjectOf(row),
    createdAt: row.createdAt,
    claimedBy: row.claimedBy,
    claimedAt: row.claimedAt,
    readyAt: row.readyAt,
    failureReason: row.failureReason,
  };
}

/**
 * What /staff/reports shows: the consultant reports still to write (oldest first, so none waits forever), those
 * published lately, and the website audits the system runs, the failed ones first.
 */
export async function reportsForStaff() {
  const [toWrite, published, failedAudits, recentAudits] = await Promise.all([
    db.report.findMany({
      where: { producer: 'consultant', status: { in: ['queued', 'processing'] } },
      orderBy: { createdAt: 'asc' },
      take: 200,
      select: LISTED,
    }),
    db.report.findMany({ where: { producer: 'consultant', status: 'ready' }, orderBy: { readyAt: 'desc' }, take: 20, select: LISTED }),
    db.report.findMany({ where: { producer: 'system', status: 'failed' }, orderBy: { createdAt: 'desc' }, take: 100, select: LISTED }),
    db.report.findMany({ where: { producer: 'system', status: { not: 'failed' } }, orderBy: { createdAt: 'desc' }, take: 50, select: LISTED }),
  ]);
  return {
    toWrite: toWrite.map(listingOf),
    published: published.map(listingOf),
    websiteAudits: [...failedAudits, ...recentAudits].map(listingOf),
  };
}

export interface StaffReportDetail extends StaffReportListing {
  /** The buyer's inputs as [name, text] pairs. */
  buyerInputs: [string, string][];
  /** The consultant's findings as typed so far. */
  draft: FindingDraft[];
  draftSavedAt: Date | null;
  /** Once ready. */
  findings: ReportFindingBody[] | null;
}

export async function getReportForStaff(token: string): Promise<StaffReportDetail> {
  const row = await db.report.findUnique({ where: { token }, select: { ...LISTED, draftFindings: true, draftSavedAt: true, findings: true } });
  if (!row) throw notFound('Report', token);
  return {
    ...listingOf(row),
    buyerInputs: buyerInputsOf(row),
    draft: parseStoredDraft(row.draftFindings ?? []) ?? [],
    draftSavedAt: row.draftSavedAt,
    findings: row.status === 'ready' ? findingsOf(row) : null,
  };
}
