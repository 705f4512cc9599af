import { CATEGORY_LABELS, SEVERITY_LABELS } from '@/components/checkout/finding-labels';
import { Button } from '@/components/ui/button';
import { SelectField, TextArea, TextField } from '@/components/ui/form-field';
import { FINDING_SEVERITIES, LOCAL_VISIBILITY_CATEGORIES, URL_AUDIT_CATEGORIES } from '@/lib/contract/checkout';
import type { FindingDraft } from '@/lib/domain/reports/finding-draft';
import { fieldName } from './findings-form';

// The local-visibility categories first: they are what consultants write; the website ones stay available.
const CATEGORY_OPTIONS = [...LOCAL_VISIBILITY_CATEGORIES, ...URL_AUDIT_CATEGORIES].map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const SEVERITY_OPTIONS = FINDING_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }));

/** One finding of the repeatable form: the contract's fields, each with its error beside it, and a Remove button. */
export function FindingFieldset({ index, draft, errors }: { index: number; draft: FindingDraft; errors: Record<string, string> }) {
  const field = (name: keyof FindingDraft) => ({ name: fieldName(index, name), defaultValue: draft[name], error: errors[fieldName(index, name)] });
  return (
    <fieldset className="space-y-4 rounded-lg border border-line bg-surface p-5" data-testid={`finding-${index}`}>
      <legend className="px-1 font-serif text-xl font-semibold">Finding {index + 1}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field('id')} label="Identifier" required maxLength={100} hint="Short and stable, e.g. local.hours-missing" />
        <SelectField {...field('category')} label="Category" required options={CATEGORY_OPTIONS} />
        <SelectField {...field('severity')} label="Severity" required options={SEVERITY_OPTIONS} />
      </div>
      <TextField {...field('title')} label="Title" required maxLength={200} hint="The problem in one line." />
      <TextArea
        {...field('detail')}
        label="What we found"
        required
        rows={4}
        maxLength={4000}
        hint="And why it matters to a buyer choosing a business like this."
      />
      <TextArea {...field('recommendation')} label="What to change" required rows={3} maxLength={4000} hint="Specific enough to act on." />
      <TextArea
        {...field('evidence')}
        label="Evidence"
        rows={2}
        maxLength={2000}
        hint="What you saw, quoted as plain text (a review, the listing's hours). Leave empty when the finding is about something missing."
      />
      <Button type="submit" name="intent" value={`remove:${index}`} variant="secondary" size="sm">
        Remove finding {index + 1}
      </Button>
    </fieldset>
  );
}
