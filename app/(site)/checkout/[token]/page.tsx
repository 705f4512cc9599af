import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getCheckout } from '@/lib/domain/checkout';
import { DomainError } from '@/lib/domain/errors';
import { formatDateTime, formatMoney } from '@/lib/format';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your order', robots: { index: false, follow: false } };

const HEADLINES = {
  complete: 'Thank you: your payment is complete',
  open: 'Your order is waiting for payment',
  cancelled: 'Your payment was cancelled',
  expired: 'This order has expired',
} as const;

export default async function CheckoutStatusPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const checkout = await getCheckout(token).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  return (
    <>
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="font-serif text-3xl font-semibold">{HEADLINES[checkout.status]}</h1>
        <dl className="mt-8 divide-y divide-line rounded-lg border border-line bg-surface">
          <div className="flex justify-between gap-4 p-4">
            <dt>Status</dt>
            <dd className="font-medium" data-testid="checkout-status">{checkout.status}</dd>
          </div>
          <div className="flex justify-between gap-4 p-4">
            <dt>Service</dt>
            <dd>
              <Link className="underline" href={`/services/${checkout.serviceId}`}>{checkout.serviceName}</Link>
            </dd>
          </div>
          <div className="flex justify-between gap-4 p-4">
            <dt>Amount</dt>
            <dd>{formatMoney(checkout.amount, checkout.currency)}</dd>
          </div>
          {checkout.completedAt && (
            <div className="flex justify-between gap-4 p-4">
              <dt>Paid</dt>
              <dd>{formatDateTime(checkout.completedAt)}</dd>
            </div>
          )}
        </dl>
        {checkout.reportUrl && (
          <p className="mt-6">
            Your audit report is being prepared.{' '}
            <Link className="underline" href={checkout.reportUrl.replace('/v1/reports/', '/reports/')}>Follow its progress</Link>.
          </p>
        )}
        <p className="mt-6 text-sm text-ink-muted">Keep the address of this page: it is your receipt and the way back to this order.</p>
      </div>
    </>
  );
}
