import type { FindingCategoryName, FindingSeverityName } from '@/lib/contract/checkout';

/** Severity in words: the report never relies on colour alone. */
export const SEVERITY_LABELS: Record<FindingSeverityName, string> = {
  critical: 'Critical: fix first',
  major: 'Major',
  minor: 'Minor',
  info: 'For information',
};

/** Plural headings for the summary counts. */
export const SEVERITY_COUNT_LABELS: Record<FindingSeverityName, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
  info: 'For information',
};

export const CATEGORY_LABELS: Record<FindingCategoryName, string> = {
  'call-to-action': 'Call to action',
  offer: 'The offer',
  proof: 'Proof',
  form: 'The form',
  'search-visibility': 'Search visibility',
  accessibility: 'Accessibility',
  mobile: 'Phones',
  performance: 'Speed and weight',
  security: 'Security',
  'listing-completeness': 'Listing completeness',
  reviews: 'Reviews',
  'local-search-presence': 'Local search presence',
  'name-address-phone': 'Name, address and phone',
  competitors: 'Competitors',
};
