import type { AuditFinding } from '../finding';
import type { ParsedPage } from '../parsed-page';

/** The lang attribute: screen readers choose their pronunciation from it, translators their source language. */
export function checkLanguage({ $ }: ParsedPage): AuditFinding | null {
  if (($('html').attr('lang') ?? '').trim() !== '') return null;
  return {
    id: 'basics.lang-missing',
    category: 'accessibility',
    severity: 'minor',
    title: 'The page does not declare its language',
    detail: 'Screen readers may read the offer with the wrong pronunciation, and browsers may offer to translate a page that needs no translation.',
    recommendation: 'Add the language to the html element, e.g. <html lang="en">.',
    evidence: null,
  };
}
