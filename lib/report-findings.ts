import type { FindingCategoryName, FindingSeverityName, SeverityCounts } from '@/lib/contract/checkout';
import { FINDING_CATEGORIES, FINDING_SEVERITIES } from '@/lib/contract/checkout';

/** Findings ordered worst first; findings of equal severity keep their order (the order the rules or the consultant gave). */
export function orderBySeverity<F extends { severity: FindingSeverityName }>(findings: readonly F[]): F[] {
  const rank = (finding: F) => FINDING_SEVERITIES.indexOf(finding.severity);
  return [...findings].sort((a, b) => rank(a) - rank(b));
}

export function countBySeverity(findings: ReadonlyArray<{ severity: FindingSeverityName }>): SeverityCounts {
  const counts: SeverityCounts = { critical: 0, major: 0, minor: 0, info: 0, total: findings.length };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}

export interface FindingGroup<F> {
  category: FindingCategoryName;
  findings: F[];
}

/**
 * Findings grouped by category for reading: the group holding the worst finding comes first (ties in the
 * order of the category list), and each group keeps its findings worst first.
 */
export function groupByCategory<F extends { severity: FindingSeverityName; category: FindingCategoryName }>(findings: readonly F[]): FindingGroup<F>[] {
  const groups = new Map<FindingCategoryName, F[]>();
  for (const finding of orderBySeverity(findings)) {
    groups.set(finding.category, [...(groups.get(finding.category) ?? []), finding]);
  }
  const worst = (group: F[]) => FINDING_SEVERITIES.indexOf(group[0]!.severity);
  return [...groups.entries()]
    .sort(([categoryA, a], [categoryB, b]) => worst(a) - worst(b) || FINDING_CATEGORIES.indexOf(categoryA) - FINDING_CATEGORIES.indexOf(categoryB))
    .map(([category, grouped]) => ({ category, findings: grouped }));
}
