import type { ValidationErrorItem } from '@/lib/contract/errors';

/**
 * The API's pydantic messages, turned into sentences for people. Forms validate with the same schemas
 * as /v1, so a visitor and a client are refused for the same reasons, each in their own words.
 */
export function humanMessage(item: ValidationErrorItem): string {
  const ctx = (item.ctx ?? {}) as Record<string, unknown>;
  switch (item.type) {
    case 'missing':
      return 'Please fill in this field.';
    case 'string_too_short':
      return ctx.min_length === 1 ? 'Please fill in this field.' : `Please enter at least ${ctx.min_length} characters.`;
    case 'string_too_long':
      return `Please keep this under ${ctx.max_length} characters.`;
    case 'string_pattern_mismatch':
      return 'Please fill in this field.';
    case 'value_error':
      if (typeof ctx.reason === 'string') return `Please enter a valid email address. ${ctx.reason}`;
      return `${item.msg.replace(/^Value error, /, '').replace(/^./, (c) => c.toUpperCase())}.`;
    case 'enum':
      return 'Please choose one of the options.';
    case 'literal_error':
      return 'Please confirm this to continue.';
    case 'url_scheme':
    case 'url_parsing':
      return 'Please enter a full web address starting with https://.';
    case 'datetime_future':
      return 'Please choose a time in the future.';
    case 'too_short':
      return ctx.min_length === 1 ? 'Please choose at least one.' : `Please choose at least ${ctx.min_length}.`;
    case 'too_long':
      return `Please choose at most ${ctx.max_length}.`;
    case 'greater_than_equal':
      return `Please enter ${ctx.ge} or more.`;
    case 'less_than_equal':
      return `Please enter ${ctx.le} or less.`;
    case 'int_parsing':
    case 'float_parsing':
    case 'int_type':
    case 'float_type':
      return 'Please enter a number.';
    default:
      return item.msg;
  }
}

/** First message per top-level field (or nested path joined with dots), keyed for the form's fields. */
export function fieldErrors(items: ValidationErrorItem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of items) {
    const key = item.loc.slice(1).join('.') || 'form';
    errors[key] ??= humanMessage(item);
  }
  return errors;
}
