import { db } from '@/lib/db/client';
import { getServiceDetail } from '../lib/domain/catalogue/catalogue';
import { completeCheckout, getCheckout, startCheckout } from '../lib/domain/checkout';

export interface AuditPurchase {
  /** The receipt address the buyer gave, if any. */
  buyer?: { email: string; name?: string };
  /** When the buyer pays: a test on an injected clock passes its own time, so the report's job is due on that clock. */
  now?: Date;
}

/** Buys an audit the way a buyer does (checkout, then the sandbox provider's "paid"), and returns its report's token. */
async function buyAudit(serviceId: string, buyerInputs: Record<string, unknown>, { buyer, now = new Date() }: AuditPurchase): Promise<string> {
  const { purchaseDigest } = await getServiceDetail(serviceId);
  const session = await startCheckout(serviceId, { purchaseDigest, buyerInputs: { responsibility_acknowledged: true, ...buyerInputs } }, now);
  const checkout = await db.checkout.findUniqueOrThrow({ where: { token: session.token } });
  await completeCheckout('sandbox', checkout.providerSessionId, now, buyer);
  const { reportUrl } = await getCheckout(session.token);
  return reportUrl!.replace('/v1/reports/', '');
}

/** A paid website offer audit of `url`: its report is queued with its job. */
export const buyWebsiteAudit = (url: string, purchase: AuditPurchase = {}) => buyAudit('website-offer-audit', { url_to_audit: url }, purchase);

/** A paid local-visibility audit: its report waits for a consultant. */
export const buyLocalAudit = (
  inputs: Record<string, unknown> = { business_name: 'Ridgeline Bakery', location: 'Pittsburgh, PA' },
  purchase: AuditPurchase = {},
) => buyAudit('local-market-constraint-audit', inputs, purchase);
