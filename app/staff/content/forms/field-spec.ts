import type { ImageChoice } from '@/lib/domain/media/image-choices';

export type { ImageChoice };

/**
 * An editor's fields, as data: the page renders them (item-editor.tsx) and the save action reads them back into an
 * item (item-from-form.ts). Each `name` is the path of the field in the item ("pricing.amount"), so the validation
 * errors of the item's schema land next to the field they are about.
 */
export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}

export type Field =
  | (FieldBase & { kind: 'text'; inputType?: 'text' | 'email' | 'url' | 'tel' | 'time'; maxLength?: number; emptyIsNull?: boolean })
  | (FieldBase & { kind: 'number'; integer?: boolean; emptyIsNull?: boolean })
  | (FieldBase & { kind: 'textarea'; rows?: number; maxLength?: number; emptyIsNull?: boolean })
  /** Markdown with a live preview rendered like the public page, and library images to insert. */
  | (FieldBase & { kind: 'markdown'; images?: readonly ImageChoice[] })
  /** One image of the media library, by id, or none. */
  | (FieldBase & { kind: 'image'; images: readonly ImageChoice[]; emptyIsNull: true })
  | (FieldBase & { kind: 'checkbox' })
  | (FieldBase & { kind: 'select'; options: readonly Option[]; emptyIsNull?: boolean })
  /** Several checkboxes, one list of values (numbers when `numeric`). */
  | (FieldBase & { kind: 'choices'; options: readonly Option[]; numeric?: boolean })
  /** A list of strings, one per line or separated by commas. */
  | (FieldBase & { kind: 'list'; separator: 'line' | 'comma'; rows?: number })
  /** `name: value` lines, read as an object (social media profiles). */
  | (FieldBase & { kind: 'pairs'; rows?: number })
  /** A list of small records (leaders, credentials), one fieldset each, plus one blank to add another. */
  | (FieldBase & { kind: 'rows'; itemLabel: string; fields: readonly RowField[] })
  /** Shown, not edited: kept from the item as it is. */
  | (FieldBase & { kind: 'readonly' });

export type RowField = Extract<Field, { kind: 'text' | 'number' | 'textarea' | 'select' | 'image' }>;

/** The fields with the library's images offered wherever an image is chosen (the lists are empty in the field tables). */
export function withImages(fields: readonly Field[], images: readonly ImageChoice[]): Field[] {
  return fields.map((field) => {
    if (field.kind === 'image' || field.kind === 'markdown') return { ...field, images };
    if (field.kind === 'rows') return { ...field, fields: field.fields.map((sub) => (sub.kind === 'image' ? { ...sub, images } : sub)) };
    return field;
  });
}

export const optionsOf = (values: readonly string[], label: (value: string) => string = (value) => value) =>
  values.map((value) => ({ value, label: label(value) }));
