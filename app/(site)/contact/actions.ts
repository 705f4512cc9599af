'use server';

import { Inquiry } from '@/lib/contract/inquiries';
import type { InquiryResponseBody } from '@/lib/contract/inquiries';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import { submitInquiry } from '@/lib/domain/inquiries/inquiries';
import { fieldErrors } from '@/lib/forms/human-messages';
import type { FormState } from '@/lib/forms/form-state';
import { formValues, optional } from '@/lib/forms/form-state';
import { asThisVisit } from '@/lib/forms/counted-visit';
import { oncePerSubmission } from '@/lib/forms/once-per-submission';
import { refusedByWriteLimit } from '@/lib/forms/write-limit';

const number = (value: FormDataEntryValue | null) => {
  const text = optional(value);
  return text === undefined ? undefined : Number.isNaN(Number(text)) ? text : Number(text);
};

/** The contact form: the same schema and use case as POST /v1/inquiries. */
export async function submitInquiryAction(_previous: FormState<InquiryResponseBody>, formData: FormData): Promise<FormState<InquiryResponseBody>> {
  const refused = await refusedByWriteLimit<InquiryResponseBody>(formData);
  if (refused) return refused;
  const values = formValues(formData);
  const budgetMin = number(formData.get('budgetMin'));
  const budgetMax = number(formData.get('budgetMax'));
  const input = {
    companyName: formData.get('companyName') ?? '',
    contactName: formData.get('contactName') ?? '',
    email: String(formData.get('email') ?? '').trim(),
    phone: optional(formData.get('phone')),
    problemDescription: formData.get('problemDescription') ?? '',
    industry: optional(formData.get('industry')),
    organizationSize: optional(formData.get('organizationSize')),
    urgency: optional(formData.get('urgency')),
    preferredServices: formData.getAll('preferredServices').filter((v): v is string => typeof v === 'string'),
    budget: budgetMin !== undefined || budgetMax !== undefined ? { min: budgetMin, max: budgetMax, currency: 'USD' } : undefined,
    timeline: optional(formData.get('timeline')),
  };
  const parsed = Inquiry.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(toValidationErrors(parsed.error.issues, input, 'body', Inquiry));
    // The form shows the budget as two fields; its min <= max rule is reported on the upper one.
    const budgetMin = errors['budget.min'];
    const budgetMax = errors['budget.max'] ?? errors.budget;
    return { status: 'error', values, errors: { ...errors, ...(budgetMin && { budgetMin }), ...(budgetMax && { budgetMax }) } };
  }
  const result = await oncePerSubmission('submitInquiry', formData, input, () => asThisVisit(() => submitInquiry(parsed.data)));
  return { status: 'success', values: {}, errors: {}, result };
}
