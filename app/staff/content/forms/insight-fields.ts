import type { Field } from './field-spec';

export const INSIGHT_FIELDS: readonly Field[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, maxLength: 200 },
  { kind: 'textarea', name: 'summary', label: 'Summary', required: true, rows: 2, maxLength: 300 },
  { kind: 'text', name: 'author', label: 'Author', required: true, maxLength: 120 },
  { kind: 'list', name: 'topics', label: 'Topics', separator: 'comma', required: true, hint: 'Comma-separated slugs, e.g. buffer-management, operations' },
  { kind: 'list', name: 'keywords', label: 'Keywords', separator: 'comma', hint: 'Comma-separated' },
  { kind: 'list', name: 'related', label: 'Related insights', separator: 'comma', hint: 'Comma-separated ids of other insights' },
  { kind: 'checkbox', name: 'featured', label: 'Featured on the home page' },
  { kind: 'image', name: 'image.mediaId', label: 'Hero image', images: [], emptyIsNull: true, hint: 'Shown above the article, and on its social card.' },
  { kind: 'text', name: 'image.caption', label: 'Hero image caption', maxLength: 300, emptyIsNull: true },
  { kind: 'text', name: 'image.credit', label: 'Hero image credit', maxLength: 200, emptyIsNull: true, hint: 'Who made it, or where it is from.' },
  { kind: 'markdown', name: 'content', label: 'Article (Markdown)', required: true, images: [] },
];
