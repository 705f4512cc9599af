import { orNotFound } from '@/lib/site/or-not-found';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DetailList } from '@/components/checkout/detail-list';
import type { DetailRow } from '@/components/checkout/detail-list';
import { DiscussFindings } from '@/components/checkout/discuss-findings';
import { FindingsList } from '@/components/checkout/findings-list';
import { NextStep } from '@/components/checkout/next-step';
import { ReportLetterhead } from '@/components/checkout/report-letterhead';
import { ReportSummary } from '@/components/checkout/report-summary';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import type { ReportRecordBody } from '@/lib/contract/checkout';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { getServiceDetail } from '@/lib/domain/catalogue/catalogue';
import { DomainError } from '@/lib/core/errors';
import { getReport } from '@/lib/domain/reports';
import { firmDateTime } from '@/lib/firm-time';
import { pageMetadata } from '@/lib/seo/metadata';

export const dynamic = 'force-dynamic';

type Params = Promise<{ token: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { token } = await params;
  return pageMetadata({
    title: 'Your audit report',
    description: 'The progress and findings of your Throughline Partners audit.',
    path: `/reports/${token}`,
    noIndex: true,
  });
}

const HEADLINES: Record<ReportRecordBody['status'], string> = {
  queued: 'Your report is in the queue',
  processing: 'Your report is being prepared',
  ready: 'Your report is ready',
  failed: 'We could not complete your report',
};

const LEADS: Record<ReportRecordBody['status'], string> = {
  queued: 'Your payment is in and the audit is waiting to start. Come back to this page to follow its progress.',
  // Said of both audits: the system runs the website audit, a consultant writes the local-visibility one.
  processing: 'The audit is under way. The findings appear here as soon as they are written up.',
  ready: 'The findings are below, grouped by subject, the most serious first. Each says what we saw and what to change.',
  failed: 'Something went wrong while producing the findings. Nothing is lost: we will redo the audit or refund the fee.',
};

const STATUS_WORDS: Record<ReportRecordBody['status'], string> = {
  queued: 'Queued',
  processing: 'Being prepared',
  ready: 'Ready',
  failed: 'Could not be completed',
};

function isNotFound(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'NOT_FOUND';
}

/** The audited service, if it is still published: a report outlives changes to the catalogue. */
async function serviceOf(serviceId: string) {
  return getServiceDetail(serviceId).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
}

/**
 * A purchased audit's report: where it stands and, once ready, its summary and findings. Private, so never
 * indexed. Printable: the site chrome is hidden on paper (print:hidden in the layout's header and footer),
 * a letterhead takes its place, cards do not break across pages, and links print their full address.
 */
export default async function ReportPage({ params }: { params: Params }) {
  const { token } = await params;
  const report = await orNotFound(getReport(token));
  const [service, company] = await Promise.all([serviceOf(report.serviceId), getCompanyProfile()]);
  const siteUrl = config().SITE_URL;
  const waiting = report.status === 'queued' || report.status === 'processing';
  const rows: DetailRow[] = [
    { term: 'Status', value: STATUS_WORDS[report.status], testId: 'report-status' },
    {
      term: 'Audit',
      value: service ? (
        <Link className="underline underline-offset-4" href={`/services/${service.id}`}>
          {service.name}
        </Link>
      ) : (
        report.serviceId
      ),
    },
    { term: 'Ordered', value: firmDateTime(report.createdAt) },
    ...(report.readyAt ? [{ term: 'Ready', value: firmDateTime(report.readyAt) }] : []),
  ];
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 print:px-0">
        <ReportLetterhead company={company} siteUrl={siteUrl} />
      </div>
      <PageHeader eyebrow={service ? `${service.name} report` : 'Your audit report'} title={HEADLINES[report.status]} lead={<p>{LEADS[report.status]}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-12 print:px-0 print:py-6">
        <div className="max-w-3xl space-y-10">
          <DetailList rows={rows} />
          {waiting && service?.timeline?.description && (
            <NextStep title="When to expect it">
              <p>{service.timeline.description}</p>
            </NextStep>
          )}
          {report.status === 'failed' && (
            <NextStep title="What went wrong">
              <p data-testid="report-failure-reason">{report.failureReason}</p>
              <p>
                <Link className="underline underline-offset-4" href="/contact" data-print-href={`${siteUrl}/contact`}>
                  Contact us
                </Link>{' '}
                and include the address of this page; we will reply within one business day.
              </p>
            </NextStep>
          )}
          {report.status === 'ready' && report.summary && (
            <section aria-labelledby="summary-heading">
              <h2 id="summary-heading" className="break-after-avoid font-serif text-2xl font-semibold">
                Summary
              </h2>
              <div className="mt-4">
                <ReportSummary summary={report.summary} />
              </div>
            </section>
          )}
          {report.status === 'ready' && (
            <section aria-labelledby="findings-heading">
              <h2 id="findings-heading" className="break-after-avoid font-serif text-2xl font-semibold">
                Findings
              </h2>
              <div className="mt-6">
                <FindingsList findings={report.findings ?? []} />
              </div>
            </section>
          )}
          {(report.status === 'ready' || report.status === 'failed') && <DiscussFindings siteUrl={siteUrl} failed={report.status === 'failed'} />}
          <p className="text-sm text-ink-muted print:hidden">Keep the address of this page private: anyone who has it can read the report.</p>
        </div>
      </div>
    </>
  );
}
