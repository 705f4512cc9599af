import type { ReportSummaryBody } from '@/lib/contract/checkout';
import { FINDING_SEVERITIES } from '@/lib/contract/checkout';
import { DetailList } from './detail-list';
import type { DetailRow } from './detail-list';
import { SEVERITY_COUNT_LABELS } from './finding-labels';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`;
}

/** What the audit looked at and how much it found: the counts by severity and, for a website audit, the page. */
export function ReportSummary({ summary }: { summary: ReportSummaryBody }) {
  const { counts, page } = summary;
  const pageRows: DetailRow[] = page
    ? [
        { term: 'Page you gave us', value: <span className="break-all">{page.requestedUrl}</span> },
        {
          term: 'Page audited',
          value: (
            <span className="break-all" data-testid="report-final-url">
              {page.finalUrl}
            </span>
          ),
        },
        ...(page.redirectCount > 0 ? [{ term: 'Redirects followed', value: String(page.redirectCount) }] : []),
        { term: 'Fetch time', value: `${seconds(page.fetchMs)} (first byte after ${seconds(page.timeToFirstByteMs)})` },
        {
          term: 'Page size (HTML)',
          value: page.truncated ? `over ${kilobytes(page.bytes)}; we audited the first ${kilobytes(page.bytes)}` : kilobytes(page.bytes),
        },
        { term: 'Secure connection (HTTPS)', value: page.https ? 'Yes' : 'No' },
      ]
    : [];
  return (
    <div className="space-y-6">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Findings by severity">
        {FINDING_SEVERITIES.map((severity) => (
          <li key={severity} className="break-inside-avoid rounded-lg border border-line bg-surface p-4 print:bg-transparent">
            <span className="block font-serif text-3xl font-semibold" data-testid={`report-count-${severity}`}>
              {counts[severity]}
            </span>
            <span className="text-sm text-ink-muted">{SEVERITY_COUNT_LABELS[severity]}</span>
          </li>
        ))}
      </ul>
      {pageRows.length > 0 && <DetailList rows={pageRows} />}
    </div>
  );
}
