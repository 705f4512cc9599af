import { CREDENTIAL_KINDS } from '@/lib/contract/business';
import type { Field } from './field-spec';
import { optionsOf } from './field-spec';

export const COMPANY_FIELDS: readonly Field[] = [
  { kind: 'text', name: 'name', label: 'Firm name', required: true, maxLength: 200 },
  { kind: 'text', name: 'tagline', label: 'Tagline', required: true, maxLength: 300 },
  { kind: 'textarea', name: 'description', label: 'Description', rows: 4, maxLength: 5000 },
  { kind: 'text', name: 'headquarters.city', label: 'City', required: true },
  { kind: 'text', name: 'headquarters.state', label: 'State', required: true },
  { kind: 'text', name: 'headquarters.country', label: 'Country', required: true },
  { kind: 'number', name: 'yearFounded', label: 'Year founded', required: true, integer: true },
  { kind: 'number', name: 'yearsOfExperience', label: 'Years of experience', required: true, integer: true },
  { kind: 'number', name: 'socialProof.clientCount', label: 'Clients served', required: true, integer: true },
  { kind: 'number', name: 'socialProof.projectsCompleted', label: 'Projects completed', required: true, integer: true },
  { kind: 'list', name: 'coreCompetencies', label: 'Core competencies', separator: 'line', hint: 'One per line.' },
  { kind: 'text', name: 'contact.email', label: 'Contact email', inputType: 'email', required: true },
  { kind: 'text', name: 'contact.phone', label: 'Contact phone', inputType: 'tel', emptyIsNull: true },
  { kind: 'text', name: 'contact.website', label: 'Website', inputType: 'url', emptyIsNull: true },
  { kind: 'pairs', name: 'contact.socialMedia', label: 'Social media', hint: 'One per line: network: https://…' },
  {
    kind: 'rows',
    name: 'leadership',
    label: 'Leadership',
    itemLabel: 'Leader',
    hint: 'In the order the about page shows them. Empty a leader\u2019s fields to remove them.',
    fields: [
      { kind: 'text', name: 'name', label: 'Name', required: true },
      { kind: 'text', name: 'role', label: 'Role', required: true },
      { kind: 'textarea', name: 'bio', label: 'Bio', rows: 3, emptyIsNull: true },
      { kind: 'image', name: 'portraitId', label: 'Portrait', images: [], emptyIsNull: true },
    ],
  },
  {
    kind: 'rows',
    name: 'credentials',
    label: 'Credentials',
    itemLabel: 'Credential',
    hint: 'Empty a credential\u2019s fields to remove it.',
    fields: [
      { kind: 'text', name: 'id', label: 'Id', required: true, hint: 'Lower-case words joined by hyphens' },
      { kind: 'text', name: 'name', label: 'Name', required: true },
      { kind: 'text', name: 'issuer', label: 'Issuer', required: true },
      { kind: 'number', name: 'year', label: 'Year', required: true, integer: true },
      { kind: 'select', name: 'kind', label: 'Kind', required: true, options: optionsOf(CREDENTIAL_KINDS) },
      { kind: 'textarea', name: 'description', label: 'Description', rows: 2, required: true },
    ],
  },
];
