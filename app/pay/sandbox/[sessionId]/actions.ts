'use server';

import { redirect } from 'next/navigation';
import { cancelCheckout, completeCheckout } from '@/lib/domain/checkout';

// The sandbox provider's "payment": what a real provider's webhook would report, done by the buyer's click.
export async function paySandboxSession(sessionId: string): Promise<void> {
  const checkout = await completeCheckout('sandbox', sessionId);
  redirect(`/checkout/${checkout.token}`);
}

export async function cancelSandboxSession(sessionId: string): Promise<void> {
  const checkout = await cancelCheckout('sandbox', sessionId);
  redirect(`/checkout/${checkout.token}`);
}
