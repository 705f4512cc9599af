import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';

/**
 * What a browser without JavaScript sends when a button of a form is pressed on a server-rendered page: every control
 * the form owns (inside its element, or anywhere with `form="<id>"`) with the value the page drew, the edits in
 * `changes` (name → value; for checkboxes, the values to tick), and the pressed button's name and value. React drew the
 * server action's own hidden fields into the form, so this is the progressive-enhancement path of a server action.
 */
export function noScriptSubmission(
  html: string,
  formId: string,
  button: { name: string; value: string },
  changes: Record<string, string | string[]> = {},
): FormData {
  const $ = cheerio.load(html);
  const form = $(`form#${formId}`);
  if (form.length !== 1) throw new Error(`No form #${formId} on the page`);
  const owned = (element: AnyNode) => {
    const owner = $(element).attr('form');
    return owner === undefined ? $(element).closest('form').attr('id') === formId : owner === formId;
  };
  const data = new FormData();
  $('input, textarea, select')
    .filter((_, element) => owned(element) && $(element).attr('name') !== undefined && $(element).attr('disabled') === undefined)
    .each((_, element) => {
      const control = $(element);
      const name = control.attr('name')!;
      const tag = element.type === 'tag' ? element.name : '';
      const type = (control.attr('type') ?? 'text').toLowerCase();
      if (tag === 'input' && ['submit', 'button', 'reset', 'image'].includes(type)) return;
      const changed = changes[name];
      if (tag === 'input' && (type === 'checkbox' || type === 'radio')) {
        const value = control.attr('value') ?? 'on';
        const ticked = changed === undefined ? control.attr('checked') !== undefined : [changed].flat().includes(value);
        if (ticked) data.append(name, value);
        return;
      }
      if (changed !== undefined) return data.append(name, [changed].flat()[0]!);
      if (tag === 'textarea') return data.append(name, control.text());
      if (tag === 'select') {
        const options = control.find('option');
        const chosen = options.filter((_, option) => $(option).attr('selected') !== undefined).first();
        return data.append(name, (chosen.length ? chosen : options.first()).attr('value') ?? '');
      }
      data.append(name, control.attr('value') ?? '');
    });
  data.append(button.name, button.value);
  return data;
}
