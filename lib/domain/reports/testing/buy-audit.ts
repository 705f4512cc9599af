import { db } from '@/lib/db/client';
import { getServiceDetail } from '../../catalogue';
import { completeCheckout, getCheckout, startCheckout } from '../../checkout';

/** Buys an audit the way a buyer does (checkout, then the sandbox provider's "paid"), and returns its report's token. */
async function buyAudit(serviceId: string, buyerInputs: Record<string, unknown>, buyer?: { email: string; name?: string }): Promise<string> {
  const { purchaseDigest } = await getServiceDetail(serviceId);
  const session = await startCheckout(serviceId, { purchaseDigest, buyerInputs: { responsibility_acknowledged: true, ...buyerInputs } });
  const checkout = await db.checkout.findUniqueOrThrow({ where: { token: session.token } });
  await completeCheckout('sandbox', checkout.providerSessionId, new Date(), buyer);
  const { reportUrl } = await getCheckout(session.token);
  return reportUrl!.replace('/v1/reports/', '');
}

/** A paid website offer audit of `url` (with the receipt address the buyer gave, if any): its report is queued with its job. */
export const buyWebsiteAudit = (url: string, buyer?: { email: string; name?: string }) => buyAudit('website-offer-audit', { url_to_audit: url }, buyer);

/** A paid local-visibility audit: its report waits for a consultant. */
export const buyLocalAudit = (inputs: Record<string, unknown> = { business_name: 'Ridgeline Bakery', location: 'Pittsburgh, PA' }) =>
  buyAudit('local-market-constraint-audit', inputs);
