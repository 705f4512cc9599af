import type { ReportRecordBody } from '@/lib/contract/checkout';

type Finding = NonNullable<ReportRecordBody['findings']>[number];

const PRIORITY: Record<Finding['severity'], string> = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' };
const MARKER: Record<Finding['severity'], string> = { high: 'border-l-accent', medium: 'border-l-ink-muted', low: 'border-l-line' };

/** A report's findings in the order the report ranks them, each with its priority written out. */
export function FindingsList({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return <p>The audit found nothing that needs changing.</p>;
  return (
    <ol className="space-y-4">
      {findings.map((finding, index) => (
        <li key={`${index}-${finding.title}`} className={`rounded-lg border border-line border-l-4 bg-surface p-5 ${MARKER[finding.severity]}`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{PRIORITY[finding.severity]}</p>
          <h3 className="mt-1 text-lg font-semibold">{finding.title}</h3>
          <p className="mt-2">{finding.detail}</p>
        </li>
      ))}
    </ol>
  );
}
