import type { Prisma } from '@/lib/generated/prisma/client';
import { supportTicket } from '../inquiries/inquiries';
import { reportSubject } from '../reports/staff-reports';
import type { CommitmentKind, CommitmentState } from './commitment-kinds';

/** What every list, page and message needs of a commitment: the row, its owner, and the record it belongs to. */
export const COMMITMENT_INCLUDE = {
  owner: { select: { id: true, displayName: true, email: true, active: true } },
  inquiry: { select: { id: true, number: true, submittedAt: true, contactName: true, companyName: true } },
  booking: { select: { id: true, name: true, scheduledStart: true, durationMinutes: true, status: true } },
  report: {
    select: {
      token: true,
      status: true,
      failureReason: true,
      claimedBy: { select: { displayName: true } },
      checkout: { select: { serviceName: true, buyerName: true, buyerInputs: true } },
    },
  },
} as const satisfies Prisma.CommitmentInclude;

export type CommitmentRow = Prisma.CommitmentGetPayload<{ include: typeof COMMITMENT_INCLUDE }>;

/** A commitment as staff read it, whatever its kind. */
export interface CommitmentView {
  id: string;
  kind: CommitmentKind;
  state: CommitmentState;
  dueAt: Date;
  createdAt: Date;
  /** `active` is false once the account is deactivated: its mail goes to the firm inbox instead. */
  owner: { id: string; displayName: string; email: string; active: boolean } | null;
  /** Who the promise was made to: "Rosa Diaz, Allegheny Castings". */
  person: string;
  /** What was promised, without its time: "Reply to inquiry TOC-2026-00042". */
  promise: string;
  /** The record it belongs to, and its staff page. */
  record: { type: 'inquiry' | 'booking' | 'report'; id: string };
  staffPath: string;
  /** The consultation asked for, for a booking decision (shown in the firm's time by the page or message). */
  requestedStart: Date | null;
  remindedAt: Date | null;
  missedAt: Date | null;
  missReason: string | null;
  keptAt: Date | null;
  voidedAt: Date | null;
  closedByName: string | null;
  closeNote: string | null;
}

function subjectOf(row: CommitmentRow): Pick<CommitmentView, 'person' | 'promise' | 'record' | 'staffPath' | 'requestedStart'> {
  if (row.inquiry) {
    const { inquiry } = row;
    return {
      person: `${inquiry.contactName}, ${inquiry.companyName}`,
      promise: `Reply to inquiry ${supportTicket(inquiry.number, inquiry.submittedAt)}`,
      record: { type: 'inquiry', id: inquiry.id },
      staffPath: `/staff/inquiries/${inquiry.id}`,
      requestedStart: null,
    };
  }
  if (row.booking) {
    return {
      person: row.booking.name,
      promise: `Confirm or decline a ${row.booking.durationMinutes}-minute consultation request`,
      record: { type: 'booking', id: row.booking.id },
      staffPath: `/staff/bookings#booking-${row.booking.id}`,
      requestedStart: row.booking.scheduledStart,
    };
  }
  if (row.report) {
    const { report } = row;
    const about = reportSubject(report.checkout.buyerInputs);
    return {
      person: report.checkout.buyerName ?? about,
      promise: row.kind === 'website-audit' ? `Run the website audit of ${about}` : `Deliver the ${report.checkout.serviceName} of ${about}`,
      record: { type: 'report', id: report.token },
      staffPath: `/staff/reports/${encodeURIComponent(report.token)}`,
      requestedStart: null,
    };
  }
  // The foreign keys cascade, so a commitment always has its record; this is a data bug, worth a loud failure.
  throw new Error(`Commitment ${row.id} belongs to no record`);
}

export function commitmentView(row: CommitmentRow): CommitmentView {
  return {
    id: row.id,
    kind: row.kind as CommitmentKind,
    state: row.state as CommitmentState,
    dueAt: row.dueAt,
    createdAt: row.createdAt,
    owner: row.owner,
    ...subjectOf(row),
    remindedAt: row.remindedAt,
    missedAt: row.missedAt,
    missReason: row.missReason,
    keptAt: row.keptAt,
    voidedAt: row.voidedAt,
    closedByName: row.closedByName,
    closeNote: row.closeNote,
  };
}

/**
 * Why a commitment is being missed, in words, as things stand at its due time: who had it, and where its record was.
 * Stored on the commitment when the watch marks it missed, since the record moves on.
 */
export function missReasonOf(row: CommitmentRow): string {
  const holder = row.owner ? `Assigned to ${row.owner.displayName}` : 'Nobody was assigned';
  switch (row.kind as CommitmentKind) {
    case 'inquiry-reply':
      return `${holder}; no reply was logged and the inquiry was still submitted at the due time.`;
    case 'booking-decision':
      return `${holder}; the request was still pending at the due time.`;
    case 'report-delivery':
      if (row.report?.status === 'processing') return `${row.report.claimedBy?.displayName ?? 'A consultant'} was still writing the report at the due time.`;
      return `${holder}; nobody had claimed the report by the due time.`;
    case 'website-audit':
      return `The audit was still ${row.report?.status === 'processing' ? 'running' : 'queued'} after the expected time: the job runner may be stopped or stuck.`;
  }
}
