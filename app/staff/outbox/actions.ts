'use server';

import { resendOutboxMessage } from '@/lib/domain/mail/outbox-admin';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';

export async function resendMessageAction(id: string): Promise<void> {
  const actor = await requireStaff('outbox', `/staff/outbox/${id}`);
  await withOutcome(`/staff/outbox/${encodeURIComponent(id)}`, () => resendOutboxMessage(actor, id));
}
