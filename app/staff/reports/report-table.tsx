import Link from 'next/link';
import type { ReactNode } from 'react';
import type { StaffReportListing } from '@/lib/domain/reports';
import { firmDateTime } from '@/lib/firm-time';
import { StaffSection } from '@/components/staff/staff-section';
import { StaffTable } from '@/components/staff/staff-table';

const STATUS_WORDS: Record<StaffReportListing['status'], string> = {
  queued: 'Waiting',
  processing: 'In progress',
  ready: 'Ready',
  failed: 'Failed',
};

/** Where a report stands, in words, with who holds it. */
export function statusText(report: StaffReportListing): string {
  if (report.status === 'processing' && report.claimedBy) return `Being written by ${report.claimedBy.displayName}`;
  return STATUS_WORDS[report.status];
}

/** One titled table of reports: when ordered, what about (linking to the report), where it stands, and an optional action. */
export function ReportTable({
  id,
  title,
  empty,
  reports,
  details,
  action,
}: {
  id: string;
  title: string;
  empty: string;
  reports: StaffReportListing[];
  /** A further column, e.g. why an audit failed. */
  details?: { heading: string; cell: (report: StaffReportListing) => ReactNode };
  action?: (report: StaffReportListing) => ReactNode;
}) {
  return (
    <StaffSection id={id} title={title}>
      <StaffTable
        className="mt-4"
        testId={`reports-${id}`}
        empty={empty}
        rows={reports}
        rowKey={(report) => report.token}
        rowTestId={(report) => `report-row-${report.token}`}
        columns={[
          { heading: 'Ordered', cellClassName: 'whitespace-nowrap', cell: (report) => firmDateTime(report.createdAt) },
          {
            heading: 'Audit of',
            cell: (report) => (
              <>
                <Link className="break-all underline underline-offset-4" href={`/staff/reports/${encodeURIComponent(report.token)}`}>
                  {report.subject}
                </Link>
                <br />
                <span className="text-ink-muted">{report.serviceName}</span>
              </>
            ),
          },
          { heading: 'Status', cell: statusText },
          details && { heading: details.heading, cellClassName: 'max-w-md break-words', cell: details.cell },
          action && { heading: 'Action', headingHidden: true, cell: action },
        ]}
      />
    </StaffSection>
  );
}
