import Link from 'next/link';
import { StaffSection } from '@/components/staff/staff-section';
import { FindingsList } from '@/components/checkout/findings-list';
import { config } from '@/lib/config';
import { commitmentsOf } from '@/lib/domain/commitments/staff-commitments';
import { assignableStaff } from '@/lib/domain/commitments/staff-people';
import type { StaffActor } from '@/lib/domain/staff/roles';
import type { StaffReportDetail } from '@/lib/domain/reports';
import { getReportForStaff } from '@/lib/domain/reports';
import { firmDateTime } from '@/lib/firm-time';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { CommitmentPanel } from '../../commitment-panel';
import { OutcomeMessage } from '../../outcome-message';
import { claimReportAction, rerunUrlAuditAction, saveFindingsAction } from '../actions';
import { FindingsEditor } from '../findings-editor';
import { statusText } from '../report-table';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Report' };

/** The buyer's inputs in words; the names are fixed by the contract's buyerInputSchema. */
const INPUT_LABELS: Record<string, string> = {
  url_to_audit: 'Page to audit',
  place_id: 'Google place id',
  business_name: 'Business name',
  location: 'Location',
  website_url: 'Website',
  competitors: 'Competitors',
};

const ACTION_BUTTON = 'rounded-md bg-accent px-4 py-2 font-semibold text-paper hover:bg-accent-strong';

function ClaimForm({ token, label }: { token: string; label: string }) {
  return (
    <form action={claimReportAction.bind(null, token)} className="mt-6">
      <button type="submit" className={ACTION_BUTTON}>
        {label}
      </button>
    </form>
  );
}

/** What the consultant does next: claim it, take it over, write it, or read what was published. */
function ConsultantWork({ report, staff }: { report: StaffReportDetail; staff: StaffActor }) {
  if (report.status === 'queued') {
    return (
      <>
        <p className="mt-8">Nobody is writing this report yet. Claim it to write its findings; others will see that you have it.</p>
        <ClaimForm token={report.token} label="Claim this report" />
      </>
    );
  }
  if (report.status === 'processing' && report.claimedBy?.id !== staff.id) {
    return (
      <>
        <p className="mt-8">
          {report.claimedBy?.displayName ?? 'Someone'} has been writing this report since {report.claimedAt ? firmDateTime(report.claimedAt) : 'earlier'}. Take
          it over only if they cannot finish it: their draft stays.
        </p>
        <ClaimForm token={report.token} label="Take over this report" />
      </>
    );
  }
  if (report.status === 'processing') {
    return (
      <StaffSection id="findings" title="Findings">
        <p className="mt-2 max-w-3xl text-ink-muted">
          The same structure as the website audit: one finding per problem, the worst first on the buyer&apos;s page. Text is shown to the buyer exactly as
          typed, never as HTML.
        </p>
        <div className="mt-6">
          <FindingsEditor
            save={saveFindingsAction.bind(null, report.token)}
            initial={{ drafts: report.draft, errors: {}, savedAt: report.draftSavedAt?.toISOString() ?? null }}
            zone={config().FIRM_TIME_ZONE}
          />
        </div>
      </StaffSection>
    );
  }
  return <PublishedFindings report={report} />;
}

function PublishedFindings({ report }: { report: StaffReportDetail }) {
  if (!report.findings) return null;
  return (
    <StaffSection id="published" title="Published findings">
      <div className="mt-6">
        <FindingsList findings={report.findings} />
      </div>
    </StaffSection>
  );
}

/** A website audit: the system writes it; staff see how it went and run a failed one again. */
function WebsiteAudit({ report }: { report: StaffReportDetail }) {
  return (
    <>
      {report.failureReason && (
        <StaffSection id="failure" title="Why it failed" className="mt-8">
          <p className="mt-2" data-testid="report-failure-reason">
            {report.failureReason}
          </p>
          <form action={rerunUrlAuditAction.bind(null, report.token)} className="mt-4">
            <button type="submit" className={ACTION_BUTTON}>
              Run the audit again
            </button>
          </form>
        </StaffSection>
      )}
      <PublishedFindings report={report} />
    </>
  );
}

export default async function StaffReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ error?: string; done?: string }>;
}) {
  const { token } = await params;
  const staff = await requireStaff('reports', `/staff/reports/${encodeURIComponent(token)}`);
  const [report, query, commitments, assignable] = await Promise.all([
    orNotFound(getReportForStaff(token)),
    searchParams,
    commitmentsOf({ reportToken: token }),
    assignableStaff(),
  ]);
  const now = new Date();
  const facts: [string, string][] = [
    ['Ordered', firmDateTime(report.createdAt)],
    ...report.buyerInputs.map(([name, value]): [string, string] => [INPUT_LABELS[name] ?? name, value]),
    ...(report.readyAt ? [['Ready', firmDateTime(report.readyAt)] as [string, string]] : []),
  ];
  return (
    <>
      <p className="text-sm text-ink-muted">
        <Link className="underline underline-offset-4" href="/staff/reports">
          Reports
        </Link>{' '}
        / {report.serviceName}
      </p>
      <h1 className="mt-2 break-words font-serif text-3xl font-semibold">{report.subject}</h1>
      <p className="mt-2">
        Status: <strong data-testid="report-status">{statusText(report)}</strong>
      </p>
      <OutcomeMessage
        error={query.error}
        done={query.done}
        doneMessage={
          query.done === 'published'
            ? 'Published: the buyer can read the report now.'
            : query.done === 'assigned'
              ? 'The owner is changed.'
              : 'You have this report now.'
        }
      />
      <CommitmentPanel
        commitments={commitments}
        assignable={assignable}
        back={`/staff/reports/${encodeURIComponent(report.token)}`}
        now={now}
        zone={config().FIRM_TIME_ZONE}
      />
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4">
        <Link className="underline underline-offset-4" href={`/reports/${encodeURIComponent(report.token)}`}>
          The buyer&apos;s report page
        </Link>
      </p>
      {report.producer === 'consultant' ? <ConsultantWork report={report} staff={staff} /> : <WebsiteAudit report={report} />}
    </>
  );
}
