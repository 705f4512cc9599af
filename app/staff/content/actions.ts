'use server';

import { redirect } from 'next/navigation';
import { toValidationErrors } from '@/lib/contract/validation-errors';
import { InsightDraft, ServiceEdit, saveInsight, saveService } from '@/lib/domain/staff/content-editing';
import { fieldErrors } from '@/lib/forms/human-messages';
import type { FormState } from '@/lib/forms/form-state';
import { formValues } from '@/lib/forms/form-state';
import { renderMarkdown } from '@/lib/markdown';
import { revalidateContent } from '@/lib/page-cache/revalidate-content';
import { requireStaff } from '@/lib/staff-web/current-staff';

type EditState = FormState<null>;

/** The editor's two buttons: save as a draft, or publish. */
const wantsPublish = (formData: FormData) => formData.get('intent') === 'publish';

export async function saveInsightAction(_previous: EditState, formData: FormData): Promise<EditState> {
  const actor = await requireStaff('content', '/staff/content');
  const values = formValues(formData);
  const input = {
    id: values.id ?? '',
    title: values.title ?? '',
    summary: values.summary ?? '',
    content: values.content ?? '',
    author: values.author ?? '',
    topics: values.topics ?? '',
    keywords: values.keywords ?? '',
    related: values.related ?? '',
    featured: formData.get('featured') === 'on',
  };
  const parsed = InsightDraft.safeParse(input);
  if (!parsed.success) return { status: 'error', values, errors: fieldErrors(toValidationErrors(parsed.error.issues, input, 'body', InsightDraft)) };
  const publish = wantsPublish(formData);
  await saveInsight(actor, parsed.data, { publish });
  revalidateContent();
  redirect(`/staff/content/insights/${parsed.data.id}?saved=${publish ? 'published' : 'draft'}`);
}

export async function saveServiceAction(serviceId: string, _previous: EditState, formData: FormData): Promise<EditState> {
  const actor = await requireStaff('content', '/staff/content');
  const values = formValues(formData);
  const input = {
    name: values.name ?? '',
    description: values.description ?? '',
    price: Number(values.price),
    priceGuarantee: values.priceGuarantee ?? '',
    timelineDescription: values.timelineDescription ?? '',
  };
  const parsed = ServiceEdit.safeParse(input);
  if (!parsed.success) return { status: 'error', values, errors: fieldErrors(toValidationErrors(parsed.error.issues, input, 'body', ServiceEdit)) };
  const publish = wantsPublish(formData);
  await saveService(actor, serviceId, parsed.data, { publish });
  revalidateContent();
  redirect(`/staff/content/services/${serviceId}?saved=${publish ? 'published' : 'draft'}`);
}

/** Live preview in the editor: the same renderer and sanitiser as the public article page. */
export async function previewMarkdownAction(markdown: string): Promise<string> {
  await requireStaff('content', '/staff/content');
  return renderMarkdown(markdown.slice(0, 100_000));
}
