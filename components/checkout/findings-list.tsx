import type { ReportFindingBody } from '@/lib/contract/checkout';
import { groupByCategory } from '@/lib/report-findings';
import { CATEGORY_LABELS, SEVERITY_LABELS } from './finding-labels';

const MARKER: Record<ReportFindingBody['severity'], string> = {
  critical: 'border-l-danger',
  major: 'border-l-accent',
  minor: 'border-l-ink-muted',
  info: 'border-l-line',
};

function FindingCard({ finding }: { finding: ReportFindingBody }) {
  return (
    <article
      className={`break-inside-avoid rounded-lg border border-line border-l-4 bg-surface p-5 print:border-ink/40 print:bg-transparent ${MARKER[finding.severity]}`}
      data-finding-id={finding.id}
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{SEVERITY_LABELS[finding.severity]}</p>
      <h4 className="mt-1 text-lg font-semibold">{finding.title}</h4>
      <p className="mt-2">{finding.detail}</p>
      {finding.evidence && (
        <figure className="mt-3">
          <figcaption className="text-sm font-semibold text-ink-muted">What we saw</figcaption>
          <blockquote className="mt-1 whitespace-pre-line break-words border-l-2 border-line pl-3 italic">{finding.evidence}</blockquote>
        </figure>
      )}
      <div className="mt-3">
        <p className="text-sm font-semibold text-ink-muted">What to change</p>
        <p className="mt-1">{finding.recommendation}</p>
      </div>
    </article>
  );
}

/**
 * A report's findings grouped by category, the group with the worst finding first. Findings are data written by
 * the audit or a consultant: every string is rendered as text, never as HTML.
 */
export function FindingsList({ findings }: { findings: ReportFindingBody[] }) {
  if (findings.length === 0) return <p>The audit found nothing that needs changing.</p>;
  return (
    <div className="space-y-10">
      {groupByCategory(findings).map((group) => (
        <section key={group.category} aria-labelledby={`category-${group.category}`}>
          <h3 id={`category-${group.category}`} className="break-after-avoid font-serif text-xl font-semibold">
            {CATEGORY_LABELS[group.category]}{' '}
            <span className="text-base font-normal text-ink-muted">
              ({group.findings.length} {group.findings.length === 1 ? 'finding' : 'findings'})
            </span>
          </h3>
          <ol className="mt-4 space-y-4">
            {group.findings.map((finding, index) => (
              <li key={`${finding.id}-${index}`}>
                <FindingCard finding={finding} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
