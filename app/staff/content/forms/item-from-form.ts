import type { Field, RowField } from './field-spec';

type Values = Record<string, string>;
type Json = unknown;

function pathOf(name: string): string[] {
  return name.split('.');
}

function getPath(item: Json, name: string): Json {
  return pathOf(name).reduce<Json>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, Json>)[key] : undefined), item);
}

/** A copy of `item` with `value` at the path `name`. */
function setPath(item: Json, name: string, value: Json): Json {
  const [key, ...rest] = pathOf(name);
  const record = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, Json>) : {};
  return { ...record, [key!]: rest.length === 0 ? value : setPath(record[key!], rest.join('.'), value) };
}

const splitList = (text: string, separator: 'line' | 'comma') =>
  text
    .split(separator === 'line' ? /\r?\n/ : ',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** A number when the text is one; otherwise the text, so the schema refuses it with "Please enter a number". */
function numberFrom(text: string, emptyIsNull: boolean | undefined): Json {
  const trimmed = text.trim();
  if (trimmed === '') return emptyIsNull ? null : undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

function scalarFrom(field: RowField | Extract<Field, { kind: 'checkbox' }>, text: string | undefined): Json {
  switch (field.kind) {
    case 'checkbox':
      return text !== undefined && text !== '';
    case 'number':
      return numberFrom(text ?? '', field.emptyIsNull);
    default:
      return field.emptyIsNull && (text ?? '').trim() === '' ? null : (text ?? '');
  }
}

function rowsFrom(field: Extract<Field, { kind: 'rows' }>, values: Values): Json[] {
  const rows: Json[] = [];
  for (let index = 0; Object.keys(values).some((key) => key.startsWith(`${field.name}.${index}.`)); index += 1) {
    const texts = field.fields.map((sub) => values[`${field.name}.${index}.${sub.name}`] ?? '');
    // A row left blank is the spare one for adding, or one emptied to remove it.
    if (texts.every((text) => text.trim() === '')) continue;
    rows.push(Object.fromEntries(field.fields.map((sub, i) => [sub.name, scalarFrom(sub, texts[i])])));
  }
  return rows;
}

/**
 * The item the form describes: `base` (the draft or live item) with every field of the form put in. Fields the form
 * does not show (a service's buyer inputs, a calendar's consultant) keep their value from `base`.
 */
export function itemFromForm(fields: readonly Field[], formValues: Values, base: Json): Json {
  // Browsers send the line breaks of a textarea as CRLF; the content files and every version use LF.
  const values = Object.fromEntries(Object.entries(formValues).map(([name, text]) => [name, text.replace(/\r\n?/g, '\n')]));
  return fields.reduce<Json>((item, field) => {
    const text = values[field.name];
    switch (field.kind) {
      case 'readonly':
        return item;
      case 'checkbox':
        return setPath(item, field.name, scalarFrom(field, text));
      case 'text':
      case 'textarea':
      case 'select':
      case 'number':
      case 'image':
        return setPath(item, field.name, scalarFrom(field, text));
      case 'markdown':
        return setPath(item, field.name, text ?? '');
      case 'choices': {
        const chosen = splitList(text ?? '', 'line');
        return setPath(item, field.name, field.numeric ? chosen.map(Number) : chosen);
      }
      case 'list':
        return setPath(item, field.name, splitList(text ?? '', field.separator));
      case 'pairs':
        return setPath(
          item,
          field.name,
          Object.fromEntries(
            splitList(text ?? '', 'line').map((line) => {
              const colon = line.indexOf(':');
              return colon === -1 ? [line, ''] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
            }),
          ),
        );
      case 'rows':
        return setPath(item, field.name, rowsFrom(field, values));
    }
  }, base);
}

const textOf = (value: Json) => (value === null || value === undefined ? '' : String(value));

/** The form's values for an item, as the form sends them back (checkbox groups one value per line). */
export function formValuesOf(fields: readonly Field[], item: Json): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = getPath(item, field.name);
    switch (field.kind) {
      case 'checkbox':
        values[field.name] = value === true ? 'on' : '';
        break;
      case 'choices':
      case 'list':
        values[field.name] = Array.isArray(value) ? value.map(textOf).join(field.kind === 'list' && field.separator === 'comma' ? ', ' : '\n') : textOf(value);
        break;
      case 'pairs':
        values[field.name] =
          value && typeof value === 'object'
            ? Object.entries(value)
                .map(([key, entry]) => `${key}: ${textOf(entry)}`)
                .join('\n')
            : '';
        break;
      case 'rows':
        (Array.isArray(value) ? value : []).forEach((row, index) => {
          for (const sub of field.fields) values[`${field.name}.${index}.${sub.name}`] = textOf(getPath(row, sub.name));
        });
        break;
      case 'readonly':
        values[field.name] = typeof value === 'object' && value !== null ? JSON.stringify(value) : textOf(value);
        break;
      default:
        values[field.name] = textOf(value);
    }
  }
  return values;
}

/** Each error under the field it is about: `deliverables.2` and `contact.socialMedia.x` belong to their list's field. */
export function errorsForFields(fields: readonly Field[], errors: Record<string, string>): Record<string, string> {
  const names = fields.map((field) => field.name).sort((a, b) => b.length - a.length);
  const placed: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const rowField = fields.find((field) => field.kind === 'rows' && key.startsWith(`${field.name}.`) && /^\d+\.\w+$/.test(key.slice(field.name.length + 1)));
    const owner = rowField ? key : (names.find((name) => key === name || key.startsWith(`${name}.`)) ?? 'form');
    placed[owner] ??= message;
  }
  return placed;
}
