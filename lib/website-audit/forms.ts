import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Fold } from './above-the-fold';
import { isInChrome, textOf } from './page-text';

export interface FormField {
  label: string;
  required: boolean;
}

export interface FormSummary {
  /** What the page calls the form: its aria-label, a heading before or in it, or its button. */
  name: string;
  fields: FormField[];
  aboveFold: boolean;
}

const FIELD_SELECTOR = 'input, select, textarea';
const NOT_FIELDS = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

function isSearchForm($: CheerioAPI, form: Cheerio<Element>): boolean {
  if (form.attr('role') === 'search' || form.closest('[role="search"]').length > 0) return true;
  const inputs = form.find('input').filter((_, input) => !NOT_FIELDS.has(($(input).attr('type') ?? 'text').toLowerCase()));
  return inputs.length === 1 && (inputs.attr('type') === 'search' || /^(search|q|s|query|keywords?)$/i.test(inputs.attr('name') ?? ''));
}

function fieldLabel($: CheerioAPI, field: Cheerio<Element>): string {
  const id = field.attr('id');
  // Matched by value, not by a selector built from page data, so an odd id cannot break the query.
  const byFor = id ? textOf($('label').filter((_, label) => $(label).attr('for') === id)) : '';
  const wrapping = textOf(field.closest('label').clone().children('input, select, textarea').remove().end());
  return (byFor || wrapping || field.attr('aria-label') || field.attr('placeholder') || field.attr('name') || 'unlabelled field').replace(/\s*\*$/, '');
}

const HEADINGS = 'h1, h2, h3, h4';

/** What the page calls the form: its label, a heading or legend in it, the heading just before it, or its button. */
function formName(form: Cheerio<Element>): string {
  const submit = form.find('button, input[type="submit" i]').first();
  const name =
    form.attr('aria-label') ||
    form.find(`${HEADINGS}, legend`).first().text() ||
    form.prevAll(HEADINGS).first().text() ||
    form.closest('section, article, aside').find(HEADINGS).first().text() ||
    submit.text() ||
    submit.attr('value') ||
    'the form';
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * The forms a buyer is asked to fill in, with their fields as the buyer counts them: a group of radio buttons
 * or checkboxes sharing a name is one question. Search boxes and forms in navigation or the footer (a
 * newsletter sign-up) are not the form in front of the buyer and are left out.
 */
export function findForms($: CheerioAPI, fold: Fold): FormSummary[] {
  const summaries: FormSummary[] = [];
  $('form').each((_, node) => {
    const form = $(node as Element);
    if (isInChrome(form) || isSearchForm($, form)) return;
    const fields: FormField[] = [];
    const groups = new Map<string, FormField>();
    form.find(FIELD_SELECTOR).each((__, fieldNode) => {
      const field = $(fieldNode as Element);
      const type = (field.attr('type') ?? 'text').toLowerCase();
      if ((fieldNode as Element).tagName === 'input' && NOT_FIELDS.has(type)) return;
      const required = field.attr('required') !== undefined || field.attr('aria-required') === 'true';
      if ((type === 'radio' || type === 'checkbox') && field.attr('name')) {
        const name = field.attr('name')!;
        const group = groups.get(name);
        if (group) {
          group.required ||= required;
          return;
        }
        const entry = { label: textOf(field.closest('fieldset').find('legend').first()) || name, required };
        groups.set(name, entry);
        fields.push(entry);
        return;
      }
      fields.push({ label: fieldLabel($, field), required });
    });
    if (fields.length > 0) summaries.push({ name: formName(form), fields, aboveFold: fold.isAboveFold(node as Element) });
  });
  return summaries;
}
