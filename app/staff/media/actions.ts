'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { DomainError, InputValidationError } from '@/lib/core/errors';
import { deleteImage, describeImage, setFocalPoint } from '@/lib/domain/media/media-library';
import { fieldErrors } from '@/lib/forms/human-messages';
import type { FormState } from '@/lib/forms/form-state';
import { formValues } from '@/lib/forms/form-state';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';

const imagePath = (id: string) => `/staff/media/${encodeURIComponent(id)}`;

/** Alt text, or "decorative": what makes an image usable. */
export async function describeImageAction(id: string, _previous: FormState<null>, formData: FormData): Promise<FormState<null>> {
  const actor = await requireStaff('content', imagePath(id));
  const values = formValues(formData);
  try {
    await describeImage(actor, id, { alt: values.alt ?? '', decorative: values.decorative === 'on' });
  } catch (error) {
    if (error instanceof InputValidationError) return { status: 'error', values, errors: fieldErrors(error.items) };
    throw error;
  }
  revalidatePath(imagePath(id));
  return { status: 'success', values, errors: {}, result: null };
}

/** The point crops keep, from a click on the image (or the two percentages typed in). */
export async function focalPointAction(id: string, formData: FormData): Promise<void> {
  const actor = await requireStaff('content', imagePath(id));
  const percent = (name: string) => Number(String(formData.get(name) ?? '').replace(',', '.')) / 100;
  await withOutcome(imagePath(id), () => setFocalPoint(actor, id, { x: percent('focalX'), y: percent('focalY') }), 'focal-point');
}

/** Deletes an image no content shows; a refusal is shown on the image's own page, where its uses are listed. */
export async function deleteImageAction(id: string): Promise<void> {
  const actor = await requireStaff('content', imagePath(id));
  try {
    await deleteImage(actor, id);
  } catch (error) {
    if (error instanceof DomainError) redirect(`${imagePath(id)}?error=${encodeURIComponent(error.message)}`);
    throw error;
  }
  revalidatePath('/staff/media');
  redirect('/staff/media?done=deleted');
}
