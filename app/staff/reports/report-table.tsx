import Link from 'next/link';
import type { ReactNode } from 'react';
import type { StaffReportListing } from '@/lib/domain/reports';
import { formatDateTime } from '@/lib/format';

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
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {reports.length === 0 ? (
        <p className="mt-3 text-ink-muted">{empty}</p>
      ) : (
        <table className="mt-4 w-full border-collapse text-left text-sm" data-testid={`reports-${id}`}>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Ordered
              </th>
              <th scope="col" className="py-2 pr-3">
                Audit of
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
              {details && (
                <th scope="col" className="py-2 pr-3">
                  {details.heading}
                </th>
              )}
              {action && (
                <th scope="col" className="py-2">
                  <span className="sr-only">Action</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => (
              <tr key={report.token} className="border-b border-line align-top" data-testid={`report-row-${report.token}`}>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(report.createdAt.toISOString())}</td>
                <td className="py-2 pr-3">
                  <Link className="break-all underline underline-offset-4" href={`/staff/reports/${encodeURIComponent(report.token)}`}>
                    {report.subject}
                  </Link>
                  <br />
                  <span className="text-ink-muted">{report.serviceName}</span>
                </td>
                <td className="py-2 pr-3">{statusText(report)}</td>
                {details && <td className="max-w-md py-2 pr-3 break-words">{details.cell(report)}</td>}
                {action && <td className="py-2">{action(report)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
