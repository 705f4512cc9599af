import type { Metadata } from 'next';
import Link from 'next/link';
import { DetailList } from '@/components/checkout/detail-list';
import { orNotFound } from '@/lib/site/or-not-found';
import type { DetailRow } from '@/components/checkout/detail-list';
import { NextStep } from '@/components/checkout/next-step';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import type { CheckoutRecordBody } from '@/lib/contract/checkout';
import { getCheckout } from '@/lib/domain/checkout';
import { firmDateTime } from '@/lib/firm-time';
import { formatMoney } from '@/lib/format';
import { pageMetadata } from '@/lib/seo/metadata';

export const dynamic = 'force-dynamic';

type Params = Promise<{ token: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { token } = await params;
  return pageMetadata({
    title: 'Your order',
    description: 'The status of your Throughline Partners order.',
    path: `/checkout/${token}`,
    noIndex: true,
  });
}

const HEADLINES = {
  complete: 'Thank you: your payment is complete',
  open: 'Your order is waiting for payment',
  cancelled: 'Your payment was cancelled',
  expired: 'This order has expired',
  failed: 'Your payment did not go through',
} as const;

const LEADS: Record<CheckoutRecordBody['status'], string> = {
  complete: 'We have received your payment. This page is your receipt.',
  open:
    'The order is recorded but not paid yet. An unpaid order is held for 24 hours; a bank payment you already made can take a few ' +
    'days to clear, and this page shows it as soon as it does.',
  cancelled: 'You left the payment page without paying. No money was taken.',
  expired: 'Orders are held for 24 hours and this one was not paid in time. No money was taken.',
  failed: 'Your bank declined the payment, so the order is closed and no money was taken. You can order again with another payment method.',
};

function rows(checkout: CheckoutRecordBody): DetailRow[] {
  const serviceLink = (
    <Link className="underline underline-offset-4" href={`/services/${checkout.serviceId}`}>
      {checkout.serviceName}
    </Link>
  );
  return [
    { term: 'Status', value: checkout.status, testId: 'checkout-status' },
    { term: 'Service', value: serviceLink },
    { term: 'Amount', value: formatMoney(checkout.amount, checkout.currency) },
    { term: 'Ordered', value: firmDateTime(checkout.createdAt) },
    ...(checkout.completedAt ? [{ term: 'Paid', value: firmDateTime(checkout.completedAt) }] : []),
    ...(checkout.cancelledAt ? [{ term: 'Cancelled', value: firmDateTime(checkout.cancelledAt) }] : []),
    ...(checkout.failedAt ? [{ term: 'Payment declined', value: firmDateTime(checkout.failedAt) }] : []),
    ...(checkout.status === 'open' ? [{ term: 'Held until', value: firmDateTime(checkout.expiresAt) }] : []),
  ];
}

/** Where the payment provider returns the buyer: the order's status, its receipt and what happens next. */
export default async function CheckoutStatusPage({ params }: { params: Params }) {
  const { token } = await params;
  const checkout = await orNotFound(getCheckout(token));
  const servicePath = `/services/${checkout.serviceId}`;
  return (
    <>
      <PageHeader eyebrow="Your order" title={HEADLINES[checkout.status]} lead={<p>{LEADS[checkout.status]}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="max-w-3xl space-y-8">
          <DetailList rows={rows(checkout)} />
          {checkout.reportUrl ? (
            <NextStep title="Your audit report">
              <p>The audit has started. Its findings appear on the report page as soon as they are ready.</p>
              <ButtonLink href={checkout.reportUrl.replace('/v1/reports/', '/reports/')}>Follow your report</ButtonLink>
            </NextStep>
          ) : checkout.status === 'complete' ? (
            <NextStep title="What happens next">
              <p>
                Your order for {checkout.serviceName} is confirmed. The{' '}
                <Link className="underline underline-offset-4" href={servicePath}>
                  service page
                </Link>{' '}
                describes each step; if anything is unclear,{' '}
                <Link className="underline underline-offset-4" href="/contact">
                  contact us
                </Link>
                .
              </p>
            </NextStep>
          ) : (
            <NextStep title="Order again">
              <p>Start a new order from the service page whenever you are ready.</p>
              <ButtonLink href={servicePath} variant="secondary">
                Back to {checkout.serviceName}
              </ButtonLink>
            </NextStep>
          )}
          <p className="text-sm text-ink-muted">Keep the address of this page: it is your receipt and the way back to this order.</p>
        </div>
      </div>
    </>
  );
}
