import { PRICING_MODELS, SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import type { Field } from './field-spec';
import { optionsOf } from './field-spec';

const LINES = 'One per line.';

export const SERVICE_FIELDS: readonly Field[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 5, maxLength: 5000 },
  { kind: 'select', name: 'category', label: 'Category', required: true, options: optionsOf(SERVICE_CATEGORIES) },
  { kind: 'number', name: 'sortOrder', label: 'Position in its category', required: true, integer: true },
  {
    kind: 'number',
    name: 'pricing.amount',
    label: 'Price',
    required: true,
    hint: 'In the service\u2019s currency. A new price changes the offer: checkouts started at the old one are refused.',
  },
  { kind: 'select', name: 'pricing.model', label: 'Pricing model', required: true, options: optionsOf(PRICING_MODELS) },
  { kind: 'checkbox', name: 'pricing.fixedPrice', label: 'Fixed price' },
  { kind: 'textarea', name: 'pricing.priceGuarantee', label: 'Price guarantee', rows: 2, maxLength: 500, emptyIsNull: true },
  { kind: 'number', name: 'timeline.minWeeks', label: 'Shortest timeline (weeks)', required: true, integer: true },
  { kind: 'number', name: 'timeline.maxWeeks', label: 'Longest timeline (weeks)', required: true, integer: true },
  { kind: 'textarea', name: 'timeline.description', label: 'Timeline', required: true, rows: 2, maxLength: 500 },
  { kind: 'list', name: 'deliverables', label: 'Deliverables', separator: 'line', hint: LINES },
  { kind: 'list', name: 'benefits', label: 'Benefits', separator: 'line', hint: LINES },
  { kind: 'list', name: 'process', label: 'Process', separator: 'line', hint: LINES },
  { kind: 'list', name: 'industryExpertise', label: 'Industry expertise', separator: 'line', hint: LINES },
  { kind: 'image', name: 'imageId', label: 'Image', images: [], emptyIsNull: true, hint: 'Shown on the service’s card and page.' },
  // How the service is bought belongs to the checkout and booking flows, which a release changes, not an edit.
  { kind: 'readonly', name: 'ctaType', label: 'How it is bought' },
  { kind: 'readonly', name: 'pricing.currency', label: 'Currency' },
  { kind: 'readonly', name: 'buyerInputs', label: 'What the buyer provides' },
];
