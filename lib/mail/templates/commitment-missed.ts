import type { MailContext } from '../mail-context';
import type { MailAddress } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import type { CommitmentMailData } from './commitment-data';
import { commitmentFacts } from './commitment-data';
import { composeMessage } from './compose';
import { shortTime } from './mail-time';

export interface MissedCommitmentMailData extends CommitmentMailData {
  /** Why, as things stood at the due time. */
  missReason: string;
}

/** To the owner (or the firm inbox) and the admins: a promise passed its due time unkept. Sent once per commitment. */
export function commitmentMissed(commitment: MissedCommitmentMailData, to: MailAddress[], context: MailContext): RenderedMessage {
  const due = shortTime(commitment.dueAt, context.timeZone);
  return composeMessage(
    {
      kind: 'commitment-missed',
      to,
      subject: `[MISSED] ${commitment.promise} (${commitment.person}) was due ${due}`,
      preheader: commitment.missReason,
      greeting: `A promise was missed: ${commitment.kindLabel.toLowerCase()} to ${commitment.person}.`,
      blocks: [
        { type: 'paragraph', text: 'It is still open. Keeping it now counts as kept late on the promises page.' },
        { type: 'quote', label: 'Why', text: commitment.missReason },
        facts(commitmentFacts(commitment, context.timeZone)),
        { type: 'action', label: 'Open it in the staff area', href: `${context.siteUrl}${commitment.staffPath}` },
      ],
    },
    context,
  );
}
