'use server';

import { redirect } from 'next/navigation';
import { cancelCheckout, checkoutForSession, completeCheckout } from '@/lib/domain/checkout';
import { isValidEmail } from '@/lib/mail';

/**
 * The sandbox provider's "payment": what a real provider's webhook reports, done by the buyer's click. Like a real
 * provider's page, it refuses a checkout that is no longer open (expired, cancelled): the buyer lands on its status.
 * The optional receipt address is what Stripe Checkout collects as customer_details.email.
 */
export async function paySandboxSession(sessionId: string, formData?: FormData): Promise<void> {
  // Scripts that pay as the button does (benchmarks, HTTP tests) may send no form at all: no receipt then.
  const receiptEmail = String(formData?.get('receiptEmail') ?? '').trim();
  if (receiptEmail && !isValidEmail(receiptEmail)) {
    redirect(`/pay/sandbox/${encodeURIComponent(sessionId)}?error=receiptEmail&receiptEmail=${encodeURIComponent(receiptEmail.slice(0, 254))}`);
  }
  const checkout = await checkoutForSession('sandbox', sessionId);
  if (checkout.status === 'open') await completeCheckout('sandbox', sessionId, new Date(), { email: receiptEmail || null });
  redirect(`/checkout/${checkout.token}`);
}

export async function cancelSandboxSession(sessionId: string): Promise<void> {
  const checkout = await cancelCheckout('sandbox', sessionId);
  redirect(`/checkout/${checkout.token}`);
}
