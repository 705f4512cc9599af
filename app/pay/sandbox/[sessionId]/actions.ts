'use server';

import { redirect } from 'next/navigation';
import { cancelCheckout, checkoutForSession, completeCheckout } from '@/lib/domain/checkout';

/**
 * The sandbox provider's "payment": what a real provider's webhook reports, done by the buyer's click. Like a real
 * provider's page, it refuses a checkout that is no longer open (expired, cancelled): the buyer lands on its status.
 */
export async function paySandboxSession(sessionId: string): Promise<void> {
  const checkout = await checkoutForSession('sandbox', sessionId);
  if (checkout.status === 'open') await completeCheckout('sandbox', sessionId);
  redirect(`/checkout/${checkout.token}`);
}

export async function cancelSandboxSession(sessionId: string): Promise<void> {
  const checkout = await cancelCheckout('sandbox', sessionId);
  redirect(`/checkout/${checkout.token}`);
}
