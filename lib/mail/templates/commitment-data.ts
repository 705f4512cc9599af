import { formatDuration } from '@/lib/core/durations';
import { longTime } from './mail-time';

/** A commitment as its reminder and its missed notice tell it to staff. */
export interface CommitmentMailData {
  /** "Inquiry reply" */
  kindLabel: string;
  /** "Reply to inquiry TOC-2026-00042" */
  promise: string;
  /** "Rosa Diaz, Allegheny Castings" */
  person: string;
  dueAt: string;
  /** The consultation asked for, for a booking decision. */
  requestedStart?: string | null;
  ownerName: string | null;
  /** The owner's staff account is deactivated: the message goes to the firm inbox, which must find a new owner. */
  ownerInactive?: boolean;
  /** Path of the record in the staff area, e.g. `/staff/inquiries/inq_…`. */
  staffPath: string;
}

export function commitmentFacts(data: CommitmentMailData, timeZone: string): Array<{ label: string; value: string | null; href?: string }> {
  return [
    { label: 'Promise', value: data.promise },
    { label: 'To', value: data.person },
    { label: 'Due', value: longTime(data.dueAt, timeZone) },
    { label: 'Requested time', value: data.requestedStart ? longTime(data.requestedStart, timeZone) : null },
    { label: 'Owner', value: data.ownerName ? `${data.ownerName}${data.ownerInactive ? ' (account no longer active)' : ''}` : 'nobody yet' },
  ];
}

/** "in 45 min", "35 min ago": the distance from the render time to the due time. */
export function relativeToNow(dueAt: string, now: Date): string {
  const ms = Date.parse(dueAt) - now.getTime();
  return ms >= 0 ? `in ${formatDuration(ms)}` : `${formatDuration(ms)} ago`;
}
