'use server';

import { assignCommitment, logInquiryReply } from '@/lib/domain/commitments/staff-commitments';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { safeNextPath } from '@/lib/staff-web/safe-next-path';
import { withOutcome } from './action-outcome';

/*
 * Owning commitments and logging replies, from the overview and from each record's page. `back` is the page the
 * button was on; only a staff path is followed.
 */

export async function assignToMeAction(commitmentId: string, back: string): Promise<void> {
  const returnTo = safeNextPath(back);
  const actor = await requireStaff('commitments', returnTo);
  await withOutcome(returnTo, () => assignCommitment(actor, commitmentId, actor.id), 'assigned');
}

export async function assignCommitmentAction(commitmentId: string, back: string, formData: FormData): Promise<void> {
  const returnTo = safeNextPath(back);
  const actor = await requireStaff('commitments', returnTo);
  const ownerId = String(formData.get('ownerId') ?? '');
  await withOutcome(returnTo, () => assignCommitment(actor, commitmentId, ownerId === '' ? null : ownerId), 'assigned');
}

export async function logReplyAction(commitmentId: string, back: string, formData?: FormData): Promise<void> {
  const returnTo = safeNextPath(back);
  const actor = await requireStaff('commitments', returnTo);
  const note = String(formData?.get('note') ?? '').slice(0, 500);
  await withOutcome(returnTo, () => logInquiryReply(actor, commitmentId, note || undefined), 'replied');
}
