import { FAQ_CATEGORIES } from '@/lib/contract/catalogue';
import type { Field, Option } from './field-spec';
import { optionsOf } from './field-spec';

export function faqFields(services: readonly Option[]): readonly Field[] {
  return [
    { kind: 'select', name: 'serviceId', label: 'Service', options: services, emptyIsNull: true, hint: 'Leave empty for a question about the firm.' },
    { kind: 'select', name: 'category', label: 'Category', required: true, options: optionsOf(FAQ_CATEGORIES) },
    { kind: 'text', name: 'question', label: 'Question', required: true, maxLength: 300 },
    { kind: 'textarea', name: 'answer', label: 'Answer', required: true, rows: 5, maxLength: 5000 },
    { kind: 'number', name: 'order', label: 'Position', required: true, integer: true },
  ];
}
