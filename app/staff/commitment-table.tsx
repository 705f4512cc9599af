import Link from 'next/link';
import { CommitmentClockText } from '@/components/staff/commitment-clock-text';
import { StaffTable, type StaffColumn } from '@/components/staff/staff-table';
import { commitmentClock } from '@/lib/domain/commitments/commitment-clock';
import { KIND_LABELS } from '@/lib/domain/commitments/commitment-kinds';
import type { CommitmentView } from '@/lib/domain/commitments/commitment-view';
import type { StaffActor } from '@/lib/domain/staff/roles';
import { formatDateTime } from '@/lib/format';
import { assignToMeAction, logReplyAction } from './commitment-actions';

const SMALL_BUTTON = 'rounded-md border border-line px-2.5 py-1 text-sm font-medium whitespace-nowrap';

/** The one-click actions of a commitment: open its record, take it, or (for an inquiry) log that it was answered. */
function CommitmentActions({ commitment, viewer, back }: { commitment: CommitmentView; viewer: StaffActor; back: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link className={SMALL_BUTTON} href={commitment.staffPath} aria-label={`Open: ${commitment.promise}`}>
        Open
      </Link>
      {commitment.owner?.id !== viewer.id && (
        <form action={assignToMeAction.bind(null, commitment.id, back)}>
          <button type="submit" className={SMALL_BUTTON} aria-label={`Assign to me: ${commitment.promise}`}>
            Assign to me
          </button>
        </form>
      )}
      {commitment.kind === 'inquiry-reply' && (
        <form action={logReplyAction.bind(null, commitment.id, back)}>
          <button type="submit" className={SMALL_BUTTON} aria-label={`Mark replied: ${commitment.promise}`}>
            Mark replied
          </button>
        </form>
      )}
    </div>
  );
}

const columns = (viewer: StaffActor, now: Date, back: string, zone: string): StaffColumn<CommitmentView>[] => [
  {
    heading: 'Due',
    cell: (commitment) => (
      <>
        <CommitmentClockText clock={commitmentClock(commitment, now)} />
        <br />
        <span className="whitespace-nowrap text-ink-muted">{formatDateTime(commitment.dueAt.toISOString(), zone)}</span>
      </>
    ),
  },
  {
    heading: 'Promise',
    cell: (commitment) => (
      <>
        <span className="text-ink-muted">{KIND_LABELS[commitment.kind]}:</span> {commitment.promise}
        <br />
        {commitment.person}
      </>
    ),
  },
  { heading: 'Owner', cellTestId: 'commitment-owner', cell: (commitment) => commitment.owner?.displayName ?? 'Unassigned' },
  { heading: 'Actions', headingHidden: true, cell: (commitment) => <CommitmentActions commitment={commitment} viewer={viewer} back={back} /> },
];

/**
 * One titled list of commitments: when each is due (its clock and the time in `zone`, the firm's), what was promised to
 * whom, who owns it, and its actions.
 */
export function CommitmentTable({
  id,
  title,
  empty,
  list,
  viewer,
  now,
  zone,
  back = '/staff',
}: {
  id: string;
  title: string;
  empty: string;
  list: { items: CommitmentView[]; total: number };
  viewer: StaffActor;
  now: Date;
  zone: string;
  back?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10" data-testid={`commitments-${id}`}>
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
        {title} <span className="text-base font-normal text-ink-muted">({list.total})</span>
      </h2>
      <StaffTable
        className="mt-4"
        rows={list.items}
        columns={columns(viewer, now, back, zone)}
        empty={empty}
        rowTestId={(commitment) => `commitment-${commitment.id}`}
      />
      {list.total > list.items.length && (
        <p className="mt-2 text-sm text-ink-muted">
          Showing {list.items.length} of {list.total}, your own and the unassigned first.
        </p>
      )}
    </section>
  );
}
