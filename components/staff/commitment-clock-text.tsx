import type { CommitmentClock } from '@/lib/domain/commitments/commitment-clock';

const TONE_CLASSES: Record<CommitmentClock['tone'], string> = {
  due: 'font-medium',
  overdue: 'font-semibold text-danger',
  kept: 'text-ink-muted',
  late: 'font-medium text-danger',
  void: 'text-ink-muted',
};

/** A commitment's clock ("reply due in 2 h 10 min", "overdue by 35 min"), with overdue ones standing out. */
export function CommitmentClockText({ clock }: { clock: CommitmentClock }) {
  return (
    <span className={TONE_CLASSES[clock.tone]} data-testid="commitment-clock">
      {clock.text}
    </span>
  );
}
