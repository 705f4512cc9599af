import type { FindingSeverityName, SeverityCounts } from '@/lib/contract/checkout';
import { FINDING_SEVERITIES } from '@/lib/contract/checkout';

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
