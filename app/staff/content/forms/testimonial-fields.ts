import type { Field, Option } from './field-spec';

export function testimonialFields(services: readonly Option[]): readonly Field[] {
  return [
    { kind: 'select', name: 'serviceId', label: 'Service', options: services, emptyIsNull: true, hint: 'Leave empty for a quote about the firm as a whole.' },
    { kind: 'text', name: 'clientName', label: 'Client name', required: true, maxLength: 200 },
    { kind: 'text', name: 'clientRole', label: 'Role', maxLength: 200, emptyIsNull: true },
    { kind: 'text', name: 'clientCompany', label: 'Company', maxLength: 200, emptyIsNull: true },
    { kind: 'textarea', name: 'content', label: 'Quote', required: true, rows: 5, maxLength: 3000 },
    { kind: 'number', name: 'rating', label: 'Rating (0 to 5)', emptyIsNull: true },
    { kind: 'text', name: 'date', label: 'Date', hint: 'YYYY-MM-DD', emptyIsNull: true },
  ];
}
