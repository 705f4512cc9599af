'use server';

import { BookingRequest } from '@/lib/contract/booking';
import type { BookingConfirmationBody } from '@/lib/contract/booking';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import { requestBooking } from '@/lib/domain/bookings/request-booking';
import { fieldErrors } from '@/lib/forms/human-messages';
import type { FormState } from '@/lib/forms/form-state';
import { formValues, optional } from '@/lib/forms/form-state';
import { asThisVisit } from '@/lib/forms/counted-visit';
import { oncePerSubmission } from '@/lib/forms/once-per-submission';
import { refusedByWriteLimit } from '@/lib/forms/write-limit';

/** The booking form: the same schema and use case as POST /v1/availability/book. */
export async function bookConsultationAction(_previous: FormState<BookingConfirmationBody>, formData: FormData): Promise<FormState<BookingConfirmationBody>> {
  const refused = await refusedByWriteLimit<BookingConfirmationBody>(formData);
  if (refused) return refused;
  const values = formValues(formData);
  const duration = optional(formData.get('duration'));
  const input = {
    name: formData.get('name') ?? '',
    email: String(formData.get('email') ?? '').trim(),
    phone: optional(formData.get('phone')),
    context: formData.get('context') ?? '',
    serviceType: optional(formData.get('serviceType')),
    duration: duration === undefined ? undefined : Number(duration),
    // Checkboxes arrive in page order, which is time order: the earliest chosen time is tried first.
    preferredTimes: formData.getAll('preferredTimes').filter((v): v is string => typeof v === 'string'),
  };
  const parsed = BookingRequest.safeParse(input);
  if (!parsed.success) {
    return { status: 'error', values, errors: fieldErrors(toValidationErrors(parsed.error.issues, input, 'body', BookingRequest)) };
  }
  const result = await oncePerSubmission('bookConsultation', formData, input, () => asThisVisit(() => requestBooking(parsed.data)));
  return { status: 'success', values: {}, errors: {}, result };
}
