import type { Metadata } from 'next';
import { checkoutForSession } from '@/lib/domain/checkout';
import { orNotFound } from '@/lib/site/or-not-found';
import { TextField } from '@/components/ui/form-field';
import { firmDateTime } from '@/lib/firm-time';
import { formatMoney } from '@/lib/format';
import { cancelSandboxSession, paySandboxSession } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sandbox payment', robots: { index: false, follow: false } };

/** The sandbox provider's hosted payment page: the order, and a way to pay or cancel. No money moves. */
export default async function SandboxPaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ sessionId: string }>;
  searchParams: Promise<{ error?: string; receiptEmail?: string }>;
}) {
  const [{ sessionId }, query] = await Promise.all([params, searchParams]);
  const checkout = await orNotFound(checkoutForSession('sandbox', sessionId));
  const emailError = query.error === 'receiptEmail' ? 'Enter an email address like name@example.com, or leave the field empty.' : undefined;
  const open = checkout.status === 'open';
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Sandbox payment provider</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold">Pay for {checkout.serviceName}</h1>
      <p className="mt-3 text-ink-muted">This test page stands in for the payment provider. No card is charged.</p>
      <dl className="mt-8 divide-y divide-line rounded-lg border border-line bg-surface">
        <div className="flex justify-between gap-4 p-4">
          <dt>Service</dt>
          <dd className="font-medium">{checkout.serviceName}</dd>
        </div>
        <div className="flex justify-between gap-4 p-4">
          <dt>Amount</dt>
          <dd className="font-medium">{formatMoney(checkout.amount, checkout.currency)}</dd>
        </div>
        <div className="flex justify-between gap-4 p-4">
          <dt>Offer valid until</dt>
          <dd>{firmDateTime(checkout.expiresAt)}</dd>
        </div>
      </dl>
      {open ? (
        <div className="mt-8 flex flex-wrap gap-4">
          <form action={paySandboxSession.bind(null, sessionId)} noValidate className="w-full space-y-4">
            <TextField
              name="receiptEmail"
              label="Email for your receipt"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={query.receiptEmail ?? checkout.buyerEmail ?? undefined}
              hint="We send the receipt and, for audits, the report link here. Leave it empty for no email."
              error={emailError}
            />
            <button type="submit" className="rounded-md bg-ink px-5 py-3 font-semibold text-paper hover:opacity-90">
              Pay {formatMoney(checkout.amount, checkout.currency)}
            </button>
          </form>
          <form action={cancelSandboxSession.bind(null, sessionId)}>
            <button type="submit" className="rounded-md border border-line px-5 py-3 font-semibold">
              Cancel payment
            </button>
          </form>
        </div>
      ) : (
        <p className="mt-8" role="status">
          This checkout is {checkout.status}.{' '}
          <a className="underline" href={`/checkout/${checkout.token}`}>
            See its status
          </a>
          .
        </p>
      )}
    </main>
  );
}
