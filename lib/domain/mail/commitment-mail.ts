import type { Prisma } from '@/lib/generated/prisma/client';
import type { CommitmentMailData, MailAddress, MailSettings, PromisesDigestMailData } from '@/lib/mail';
import { commitmentMissed, commitmentReminder, mailbox, promisesDigest } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import type { CommitmentView } from '../commitments/commitment-view';
import { KIND_LABELS } from '../commitments/commitment-kinds';
import { enqueueMail } from './outbox';

type Tx = Prisma.TransactionClient;

/** A message holds at most this many recipients (RenderedMessage); the firm has far fewer admins. */
const MAX_RECIPIENTS = 20;

export function commitmentMailData(commitment: CommitmentView): CommitmentMailData {
  return {
    kindLabel: KIND_LABELS[commitment.kind],
    promise: commitment.promise,
    person: commitment.person,
    dueAt: commitment.dueAt.toISOString(),
    requestedStart: commitment.requestedStart?.toISOString() ?? null,
    ownerName: commitment.owner?.displayName ?? null,
    ownerInactive: commitment.owner ? !commitment.owner.active : false,
    staffPath: commitment.staffPath,
  };
}

/** The owner, or the firm inbox while nobody owns it or its owner's account is deactivated (someone who left reads no mail here). */
function ownerOrInbox(commitment: CommitmentView, settings: MailSettings): MailAddress {
  return commitment.owner?.active ? mailbox(commitment.owner.displayName, commitment.owner.email) : settings.firmInbox;
}

/** Each address once, in order. */
function distinct(addresses: MailAddress[]): MailAddress[] {
  const seen = new Set<string>();
  return addresses.filter((a) => !seen.has(a.address.toLowerCase()) && seen.add(a.address.toLowerCase())).slice(0, MAX_RECIPIENTS);
}

/** The reminder before the due time, stored in the transaction that marks the commitment reminded (so it goes once). */
export async function enqueueCommitmentReminder(tx: Tx, jobs: JobEnqueuer, commitment: CommitmentView, settings: MailSettings): Promise<string> {
  return enqueueMail(tx, jobs, {
    settings,
    about: commitment.record,
    render: (context) => commitmentReminder(commitmentMailData(commitment), [ownerOrInbox(commitment, settings)], context),
  });
}

/** The notice of a miss, to the owner (or the firm inbox) and every admin, stored in the transaction that marks it missed. */
export async function enqueueCommitmentMissed(
  tx: Tx,
  jobs: JobEnqueuer,
  commitment: CommitmentView & { missReason: string },
  admins: MailAddress[],
  settings: MailSettings,
): Promise<string> {
  return enqueueMail(tx, jobs, {
    settings,
    about: commitment.record,
    render: (context) =>
      commitmentMissed(
        { ...commitmentMailData(commitment), missReason: commitment.missReason },
        distinct([ownerOrInbox(commitment, settings), ...admins]),
        context,
      ),
  });
}

/** The weekly digest, to the admins (the firm inbox when there are none); `week` (its Monday) ties it to its week. */
export async function enqueuePromisesDigest(
  tx: Tx,
  jobs: JobEnqueuer,
  { week, digest, admins, settings }: { week: string; digest: PromisesDigestMailData; admins: MailAddress[]; settings: MailSettings },
): Promise<string> {
  const to = admins.length > 0 ? distinct(admins) : [settings.firmInbox];
  return enqueueMail(tx, jobs, { settings, about: { type: 'week', id: week }, render: (context) => promisesDigest(digest, to, context) });
}
