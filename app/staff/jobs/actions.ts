'use server';

import { retryDeadJob } from '@/lib/domain/jobs/job-admin';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';

export async function retryJobAction(jobId: string): Promise<void> {
  const actor = await requireStaff('jobs', '/staff/jobs');
  await withOutcome('/staff/jobs', () => retryDeadJob(actor, jobId));
}
