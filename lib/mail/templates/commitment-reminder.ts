import type { MailContext } from '../mail-context';
import type { MailAddress } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import type { CommitmentMailData } from './commitment-data';
import { commitmentFacts, relativeToNow } from './commitment-data';
import { composeMessage } from './compose';
import { shortTime } from './mail-time';

const ownedByActive = (commitment: CommitmentMailData) => commitment.ownerName !== null && !commitment.ownerInactive;

function greeting(commitment: CommitmentMailData, when: string): string {
  if (ownedByActive(commitment)) return `${commitment.ownerName}, a promise you own falls due ${when}.`;
  if (commitment.ownerName) return `A promise owned by ${commitment.ownerName}, whose account is no longer active, falls due ${when}.`;
  return `A promise nobody owns yet falls due ${when}.`;
}

/**
 * To the commitment's owner, or the firm inbox while nobody owns it or its owner's account is deactivated: a promise falls due soon (COMMITMENT_REMINDER_LEAD_MINUTES
 * before). Sent once per commitment.
 */
export function commitmentReminder(commitment: CommitmentMailData, to: MailAddress[], context: MailContext): RenderedMessage {
  const due = shortTime(commitment.dueAt, context.timeZone);
  const when = relativeToNow(commitment.dueAt, context.now);
  return composeMessage(
    {
      kind: 'commitment-reminder',
      to,
      subject: `[DUE ${due}] ${commitment.promise} (${commitment.person})`,
      preheader: `Due ${when}. ${commitment.kindLabel} promised to ${commitment.person}.`,
      greeting: greeting(commitment, when),
      blocks: [
        {
          type: 'paragraph',
          text: ownedByActive(commitment)
            ? 'Keep it before the due time, or hand it to someone who can.'
            : 'Assign it to someone in the staff area, or keep it yourself before the due time.',
        },
        facts(commitmentFacts(commitment, context.timeZone)),
        { type: 'action', label: 'Open it in the staff area', href: `${context.siteUrl}${commitment.staffPath}` },
      ],
    },
    context,
  );
}
