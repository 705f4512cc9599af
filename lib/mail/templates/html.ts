import escapeHtml from 'escape-html';

/** Markup that is already safe: only `html` and `rawHtml` make one. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * A tagged template that escapes every interpolated value unless it is SafeHtml, so visitor text can only ever
 * appear as text: `html\`<p>${name}</p>\`` with name "<b>" gives "<p>&lt;b&gt;</p>".
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, piece, i) => out + piece + (i < values.length ? render(values[i]!) : ''), ''));
}

/** Escaped text whose line breaks stay line breaks. */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(
    text
      .split('\n')
      .map((line) => escapeHtml(line))
      .join('<br>'),
  );
}
