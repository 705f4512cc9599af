import type { Field } from './field-spec';

export const PRINCIPLE_FIELDS: readonly Field[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 6, maxLength: 5000 },
  { kind: 'textarea', name: 'when_to_use', label: 'When to use', rows: 3, maxLength: 3000, emptyIsNull: true },
  { kind: 'textarea', name: 'expected_outcomes', label: 'Expected outcomes', rows: 3, maxLength: 3000, emptyIsNull: true },
  { kind: 'number', name: 'order', label: 'Position', required: true, integer: true },
];

export const TOOL_FIELDS: readonly Field[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', required: true, rows: 6, maxLength: 5000 },
  { kind: 'textarea', name: 'useCase', label: 'Use case', rows: 3, maxLength: 3000, emptyIsNull: true },
  { kind: 'textarea', name: 'when_to_use', label: 'When to use', rows: 3, maxLength: 3000, emptyIsNull: true },
  { kind: 'number', name: 'order', label: 'Position', required: true, integer: true },
];
