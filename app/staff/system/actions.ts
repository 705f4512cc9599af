'use server';

import { acknowledgeFailures } from '@/lib/domain/system/system-overview';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';

export async function acknowledgeFailuresAction(): Promise<void> {
  const actor = await requireStaff('system', '/staff/system');
  await withOutcome('/staff/system', () => acknowledgeFailures(actor));
}
