'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import { DomainError } from '@/lib/core/errors';
import { claimConsultantReport, publishConsultantReport, rerunUrlAudit, saveReportDraft } from '@/lib/domain/reports';
import { PublishableFindings } from '@/lib/domain/reports/finding-draft';
import { fieldErrors } from '@/lib/forms/human-messages';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';
import type { FindingsFormState } from './findings-form';
import { applyIntent, readFindingsForm } from './findings-form';

const reportPath = (token: string) => `/staff/reports/${encodeURIComponent(token)}`;

export async function claimReportAction(token: string): Promise<void> {
  const actor = await requireStaff('reports', reportPath(token));
  await withOutcome(reportPath(token), () => claimConsultantReport(actor, token));
}

export async function rerunUrlAuditAction(token: string): Promise<void> {
  const actor = await requireStaff('reports', '/staff/reports');
  await withOutcome('/staff/reports', () => rerunUrlAudit(actor, token));
}

/**
 * Every button of the findings editor: save the draft, add or remove a finding (saving too), or publish. The draft
 * is stored before anything is validated, so a refused publish loses nothing; its errors come back by field.
 */
export async function saveFindingsAction(token: string, _previous: FindingsFormState, formData: FormData): Promise<FindingsFormState> {
  const actor = await requireStaff('reports', reportPath(token));
  const { drafts, intent } = readFindingsForm(formData);
  const next = applyIntent(drafts, intent);
  const now = new Date();
  try {
    if (intent.kind !== 'publish') {
      await saveReportDraft(actor, token, next, now);
      return { drafts: next, errors: {}, savedAt: now.toISOString() };
    }
    const check = await publishConsultantReport(actor, token, next, now);
    if (!check.ok)
      return { drafts: next, errors: fieldErrors(toValidationErrors(check.issues, check.input, 'body', PublishableFindings)), savedAt: now.toISOString() };
  } catch (error) {
    if (error instanceof DomainError) return { drafts: next, errors: { form: error.message }, savedAt: null };
    throw error;
  }
  revalidatePath('/staff/reports');
  redirect(`${reportPath(token)}?done=published`);
}
