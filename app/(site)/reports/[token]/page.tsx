import { orNotFound } from '@/lib/site/or-not-found';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DetailList } from '@/components/checkout/detail-list';
import type { DetailRow } from '@/components/checkout/detail-list';
import { FindingsList } from '@/components/checkout/findings-list';
import { NextStep } from '@/components/checkout/next-step';
import { PageHeader } from '@/components/ui/page-header';
import type { ReportRecordBody } from '@/lib/contract/checkout';
import { getServiceDetail } from '@/lib/domain/catalogue';
import { DomainError } from '@/lib/domain/errors';
import { getReport } from '@/lib/domain/reports';
import { formatDateTime } from '@/lib/format';
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
  processing: 'A consultant is working through the audit now. The findings appear here as soon as they are written up.',
  ready: 'The findings are below, ranked by their expected effect. Start with the first.',
  failed: 'Something went wrong while producing the findings. Nothing is lost: we will redo the audit or refund the fee.',
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

/** A purchased audit's report: where it stands and, once ready, its findings. Private, so never indexed. */
export default async function ReportPage({ params }: { params: Params }) {
  const { token } = await params;
  const report = await orNotFound(getReport(token));
  const service = await serviceOf(report.serviceId);
  const waiting = report.status === 'queued' || report.status === 'processing';
  const rows: DetailRow[] = [
    { term: 'Status', value: report.status, testId: 'report-status' },
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
    { term: 'Ordered', value: formatDateTime(report.createdAt) },
    ...(report.status === 'ready' && report.readyAt ? [{ term: 'Ready', value: formatDateTime(report.readyAt) }] : []),
  ];
  return (
    <>
      <PageHeader eyebrow="Your audit report" title={HEADLINES[report.status]} lead={<p>{LEADS[report.status]}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="max-w-3xl space-y-8">
          <DetailList rows={rows} />
          {waiting && service?.timeline?.description && (
            <NextStep title="When to expect it">
              <p>{service.timeline.description}</p>
            </NextStep>
          )}
          {report.status === 'failed' && (
            <NextStep title="What to do now">
              <p>
                <Link className="underline underline-offset-4" href="/contact">
                  Contact us
                </Link>{' '}
                and include the address of this page; we will reply within one business day.
              </p>
            </NextStep>
          )}
          {report.status === 'ready' && (
            <section aria-labelledby="findings-heading">
              <h2 id="findings-heading" className="font-serif text-2xl font-semibold">
                Findings
              </h2>
              <div className="mt-4">
                <FindingsList findings={report.findings ?? []} />
              </div>
            </section>
          )}
          <p className="text-sm text-ink-muted">Keep the address of this page private: anyone who has it can read the report.</p>
        </div>
      </div>
    </>
  );
}
