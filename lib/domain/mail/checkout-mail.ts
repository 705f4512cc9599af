import type { Prisma } from '@/lib/generated/prisma/client';
import { checkoutReceipt, isValidEmail, type MailSettings } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { minorToMajor } from '../../core/money';
import { enqueueMail } from './outbox';

/** Who paid, as the payment provider (or the sandbox page) reports it. */
export interface Buyer {
  email?: string | null;
  name?: string | null;
}

/**
 * The buyer fields worth storing: an address that is exactly one valid mailbox (anything else would fail at rendering,
 * inside the transaction that completes the payment) and a name of sensible length. Unknown stays unknown.
 */
export function buyerFields(buyer: Buyer | undefined): { buyerEmail?: string; buyerName?: string } {
  const email = buyer?.email?.trim();
  const name = buyer?.name?.trim();
  return {
    ...(email && isValidEmail(email) ? { buyerEmail: email } : {}),
    ...(name ? { buyerName: name.slice(0, 200) } : {}),
  };
}

type PaidCheckout = Pick<Prisma.CheckoutGetPayload<object>, 'token' | 'serviceName' | 'amountMinor' | 'currency' | 'buyerEmail' | 'buyerName'>;

/** The receipt, in the transaction that completes the checkout. No address, no receipt: resolves null. */
export async function enqueueCheckoutReceipt(
  tx: Prisma.TransactionClient,
  jobs: JobEnqueuer,
  checkout: PaidCheckout,
  { paidAt, reportToken, settings }: { paidAt: Date; reportToken: string | null; settings: MailSettings },
): Promise<string | null> {
  if (!checkout.buyerEmail) return null;
  const data = {
    to: { name: checkout.buyerName, email: checkout.buyerEmail },
    checkoutToken: checkout.token,
    serviceName: checkout.serviceName,
    amount: minorToMajor(checkout.amountMinor),
    currency: checkout.currency,
    paidAt: paidAt.toISOString(),
    reportToken,
  };
  return enqueueMail(tx, jobs, { settings, about: { type: 'checkout', id: checkout.token }, render: (context) => checkoutReceipt(data, context) });
}
