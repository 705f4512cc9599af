import { StaffPageHeader } from '@/components/staff/staff-page-header';
import { reportsForStaff } from '@/lib/domain/reports';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { OutcomeMessage } from '../outcome-message';
import { rerunUrlAuditAction } from './actions';
import { ReportTable } from './report-table';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Reports' };

/** Consultants pick up the local-visibility reports to write; everyone in the area watches the website audits the system runs. */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<{ error?: string; done?: string }> }) {
  await requireStaff('reports', '/staff/reports');
  const [{ toWrite, published, websiteAudits }, query] = await Promise.all([reportsForStaff(), searchParams]);
  return (
    <>
      <StaffPageHeader title="Reports">
        Local-visibility audits are written here by a consultant: open one, claim it, write the findings (the draft is kept as you go) and publish it; the buyer
        reads it at once. Website audits run by themselves; a failed one can be run again once its cause is fixed.
      </StaffPageHeader>
      <OutcomeMessage error={query.error} done={query.done} doneMessage="The audit is queued again." />
      <ReportTable id="to-write" title="To write" empty="No local-visibility report is waiting." reports={toWrite} />
      <ReportTable
        id="website-audits"
        title="Website audits"
        empty="No website audit has been bought yet."
        reports={websiteAudits}
        details={{ heading: 'Why it failed', cell: (report) => report.failureReason ?? '' }}
        action={(report) =>
          report.status === 'failed' && (
            <form action={rerunUrlAuditAction.bind(null, report.token)}>
              <button type="submit" className="rounded-md border border-line px-3 py-1.5 text-sm font-medium whitespace-nowrap">
                Run again
              </button>
            </form>
          )
        }
      />
      <ReportTable id="published" title="Published lately" empty="No consultant report has been published yet." reports={published} />
    </>
  );
}
