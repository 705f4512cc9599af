import { CommitmentClockText } from '@/components/staff/commitment-clock-text';
import { commitmentClock } from '@/lib/domain/commitments/commitment-clock';
import { KIND_LABELS, UNKEPT_STATES } from '@/lib/domain/commitments/commitment-kinds';
import type { CommitmentView } from '@/lib/domain/commitments/commitment-view';
import { formatDateTime } from '@/lib/format';
import { assignCommitmentAction, logReplyAction } from './commitment-actions';

const FIELD = 'mt-1 rounded-md border border-ink/40 bg-surface px-2 py-1.5';
const BUTTON = 'rounded-md border border-line px-3 py-1.5 text-sm font-medium';

/** What became of a closed commitment, or why it was missed: "Kept Nov 25, 2026, 10:05 AM EST by Dana Reyes (moved to contacted)". */
function history(commitment: CommitmentView, zone: string): string[] {
  const when = (date: Date) => formatDateTime(date.toISOString(), zone);
  const lines: string[] = [];
  if (commitment.remindedAt) lines.push(`Reminder sent ${when(commitment.remindedAt)}.`);
  if (commitment.missedAt) lines.push(`Missed (recorded ${when(commitment.missedAt)}): ${commitment.missReason ?? 'past its due time.'}`);
  const by = commitment.closedByName ? ` by ${commitment.closedByName}` : '';
  const note = commitment.closeNote ? ` (${commitment.closeNote})` : '';
  if (commitment.state === 'kept' && commitment.keptAt) lines.push(`Kept ${when(commitment.keptAt)}${by}${note}.`);
  if (commitment.state === 'void' && commitment.voidedAt) lines.push(`No longer applies since ${when(commitment.voidedAt)}${by}${note}.`);
  return lines;
}

/**
 * The commitments of one inquiry, booking or report, with their clocks ("reply due in 2 h 10 min", "overdue by 35 min"),
 * who owns each (times in `zone`, the firm's), and for those still to keep: a new owner, and for a reply, logging that it was made.
 */
export function CommitmentPanel({
  commitments,
  assignable,
  back,
  now,
  zone,
  headingLevel = 2,
}: {
  commitments: CommitmentView[];
  assignable: { id: string; displayName: string }[];
  back: string;
  now: Date;
  zone: string;
  headingLevel?: 2 | 3;
}) {
  if (commitments.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-label="Commitments" className="mt-6 rounded-lg border border-line bg-surface p-4" data-testid="commitments">
      <Heading className="font-serif text-lg font-semibold">Commitments</Heading>
      <ul className="mt-2 space-y-4">
        {commitments.map((commitment) => {
          const unkept = UNKEPT_STATES.includes(commitment.state);
          return (
            <li key={commitment.id} data-testid={`commitment-${commitment.id}`}>
              <p>
                <strong>{KIND_LABELS[commitment.kind]}</strong>, due {formatDateTime(commitment.dueAt.toISOString(), zone)}:{' '}
                <CommitmentClockText clock={commitmentClock(commitment, now)} />
                {' · '}
                <span data-testid="commitment-state">{commitment.state}</span>
                {(unkept || commitment.owner) && (
                  <>
                    {' · '}
                    owner <span data-testid="commitment-owner">{commitment.owner?.displayName ?? 'unassigned'}</span>
                  </>
                )}
              </p>
              {history(commitment, zone).map((line) => (
                <p key={line} className="text-sm text-ink-muted">
                  {line}
                </p>
              ))}
              {unkept && (
                <div className="mt-2 flex flex-wrap items-end gap-4">
                  <form action={assignCommitmentAction.bind(null, commitment.id, back)} className="flex flex-wrap items-end gap-2">
                    <label className="block text-sm">
                      <span className="block font-medium">Owner</span>
                      <select name="ownerId" defaultValue={commitment.owner?.id ?? ''} className={FIELD}>
                        <option value="">Unassigned</option>
                        {assignable.map((person) => (
                          <option key={person.id} value={person.id}>
                            {person.displayName}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" className={BUTTON}>
                      Assign
                    </button>
                  </form>
                  {commitment.kind === 'inquiry-reply' && (
                    <form action={logReplyAction.bind(null, commitment.id, back)} className="flex flex-wrap items-end gap-2">
                      <label className="block text-sm">
                        <span className="block font-medium">How we replied (optional)</span>
                        <input name="note" maxLength={500} className={`${FIELD} w-64`} />
                      </label>
                      <button type="submit" className={BUTTON}>
                        Mark replied
                      </button>
                    </form>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
