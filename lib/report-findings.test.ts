import { describe, expect, it } from 'vitest';
import { countBySeverity, groupByCategory, orderBySeverity } from './report-findings';

const findings = [
  { id: 'basics.canonical-missing', severity: 'minor' as const },
  { id: 'offer.no-guarantee', severity: 'major' as const },
  { id: 'basics.canonical-elsewhere', severity: 'info' as const },
  { id: 'offer.no-primary-cta', severity: 'critical' as const },
  { id: 'offer.no-proof', severity: 'major' as const },
];

describe('report findings', () => {
  it('orders worst first and keeps the given order within a severity', () => {
    expect(orderBySeverity(findings).map((finding) => finding.id)).toEqual([
      'offer.no-primary-cta',
      'offer.no-guarantee',
      'offer.no-proof',
      'basics.canonical-missing',
      'basics.canonical-elsewhere',
    ]);
    expect(findings[0]!.id).toBe('basics.canonical-missing');
  });

  it('counts by severity', () => {
    expect(countBySeverity(findings)).toEqual({ critical: 1, major: 2, minor: 1, info: 1, total: 5 });
    expect(countBySeverity([])).toEqual({ critical: 0, major: 0, minor: 0, info: 0, total: 0 });
  });

  it('groups by category, the group with the worst finding first, ties in category order', () => {
    const groups = groupByCategory([
      { id: 'basics.lang-missing', category: 'accessibility' as const, severity: 'minor' as const },
      { id: 'basics.canonical-missing', category: 'search-visibility' as const, severity: 'minor' as const },
      { id: 'offer.no-guarantee', category: 'offer' as const, severity: 'major' as const },
      { id: 'basics.h1-missing', category: 'accessibility' as const, severity: 'major' as const },
      { id: 'basics.not-https', category: 'security' as const, severity: 'critical' as const },
    ]);
    expect(groups.map((group) => [group.category, group.findings.map((finding) => finding.id)])).toEqual([
      ['security', ['basics.not-https']],
      ['offer', ['offer.no-guarantee']],
      ['accessibility', ['basics.h1-missing', 'basics.lang-missing']],
      ['search-visibility', ['basics.canonical-missing']],
    ]);
  });
});
