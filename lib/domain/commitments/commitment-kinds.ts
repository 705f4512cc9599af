/**
 * The promises the site makes with a time on them (docs/staff.md, Commitments). The names are stored in
 * Commitment.kind and shown as the label of a metric, so they never change.
 */
export const COMMITMENT_KINDS = ['inquiry-reply', 'booking-decision', 'report-delivery', 'website-audit'] as const;
export type CommitmentKind = (typeof COMMITMENT_KINDS)[number];

export const COMMITMENT_STATES = ['open', 'kept', 'missed', 'void'] as const;
export type CommitmentState = (typeof COMMITMENT_STATES)[number];

/** Still waiting for the action that keeps them: open, or missed and not yet kept (late). */
export const UNKEPT_STATES: CommitmentState[] = ['open', 'missed'];

/** For lists and messages: "Inquiry reply". */
export const KIND_LABELS: Record<CommitmentKind, string> = {
  'inquiry-reply': 'Inquiry reply',
  'booking-decision': 'Booking decision',
  'report-delivery': 'Consultant report',
  'website-audit': 'Website audit',
};

/** The plural, for tables and the digest: "Inquiry replies". */
export const KIND_PLURALS: Record<CommitmentKind, string> = {
  'inquiry-reply': 'Inquiry replies',
  'booking-decision': 'Booking decisions',
  'report-delivery': 'Consultant reports',
  'website-audit': 'Website audits',
};

/** What falls due, for clocks: "reply due in 2 h 10 min". */
export const KIND_NOUNS: Record<CommitmentKind, string> = {
  'inquiry-reply': 'reply',
  'booking-decision': 'decision',
  'report-delivery': 'report',
  'website-audit': 'audit',
};

export function isCommitmentKind(kind: string): kind is CommitmentKind {
  return (COMMITMENT_KINDS as readonly string[]).includes(kind);
}
