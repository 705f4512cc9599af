'use client';

import { SelectField, TextArea, TextField } from '@/components/ui/form-field';
import type { Field, RowField } from '../forms/field-spec';
import { CheckboxField, ChoicesField, ReadonlyField } from './choice-fields';
import { ImageChoiceField } from './image-choice-field';
import { MarkdownField } from './markdown-field';

interface InputProps {
  values: Record<string, string>;
  errors: Record<string, string>;
  renderMarkdown: (markdown: string) => Promise<string>;
}

function ScalarInput({ field, name, values, errors }: { field: RowField; name: string } & Omit<InputProps, 'renderMarkdown'>) {
  const common = { name, label: field.label, hint: field.hint, required: field.required, error: errors[name], defaultValue: values[name] ?? '' };
  switch (field.kind) {
    case 'number':
      return <TextField {...common} type="number" step={field.integer ? '1' : 'any'} />;
    case 'textarea':
      return <TextArea {...common} rows={field.rows} maxLength={field.maxLength} />;
    case 'select':
      return <SelectField {...common} options={field.options} />;
    case 'text':
      return <TextField {...common} type={field.inputType} maxLength={field.maxLength} />;
    case 'image':
      return (
        <ImageChoiceField name={name} label={field.label} hint={field.hint} images={field.images} defaultValue={common.defaultValue} error={common.error} />
      );
  }
}

/** Fieldsets of a list of records: one per record, and a blank one to add another. */
function RowsInput({ field, values, errors }: { field: Extract<Field, { kind: 'rows' }> } & Omit<InputProps, 'renderMarkdown'>) {
  const used = Object.keys(values)
    .filter((key) => key.startsWith(`${field.name}.`))
    .map((key) => Number(key.split('.')[field.name.split('.').length]));
  const count = (used.length > 0 ? Math.max(...used) + 1 : 0) + 1;
  return (
    <fieldset className="space-y-4">
      <legend className="font-serif text-xl font-semibold">{field.label}</legend>
      {field.hint && <p className="text-sm text-ink-muted">{field.hint}</p>}
      {Array.from({ length: count }, (_, index) => (
        <fieldset key={index} className="space-y-3 rounded-md border border-line p-4">
          <legend className="px-1 font-medium">{index === count - 1 ? `New ${field.itemLabel.toLowerCase()}` : `${field.itemLabel} ${index + 1}`}</legend>
          {field.fields.map((sub) => (
            <ScalarInput key={sub.name} field={sub} name={`${field.name}.${index}.${sub.name}`} values={values} errors={errors} />
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}

/** One field of an editor, drawn from its spec, with its value and its error. */
export function FieldInput({ field, values, errors, renderMarkdown }: { field: Field } & InputProps) {
  switch (field.kind) {
    case 'markdown':
      return (
        <MarkdownField
          name={field.name}
          label={field.label}
          defaultValue={values[field.name] ?? ''}
          error={errors[field.name]}
          render={renderMarkdown}
          images={field.images}
        />
      );
    case 'checkbox':
      return <CheckboxField name={field.name} label={field.label} checked={values[field.name] === 'on'} error={errors[field.name]} />;
    case 'choices':
      return (
        <ChoicesField
          name={field.name}
          label={field.label}
          options={field.options}
          chosen={(values[field.name] ?? '').split('\n')}
          error={errors[field.name]}
          hint={field.hint}
        />
      );
    case 'list':
    case 'pairs':
      return (
        <TextArea
          name={field.name}
          label={field.label}
          hint={field.hint}
          required={field.required}
          rows={field.kind === 'list' && field.separator === 'comma' ? 2 : (field.rows ?? 4)}
          defaultValue={values[field.name] ?? ''}
          error={errors[field.name]}
        />
      );
    case 'rows':
      return <RowsInput field={field} values={values} errors={errors} />;
    case 'readonly':
      return <ReadonlyField label={field.label} value={values[field.name] ?? ''} />;
    default:
      return <ScalarInput field={field} name={field.name} values={values} errors={errors} />;
  }
}
