import { db } from '@/lib/db/client';
import { countCheckoutStep } from './conversions';

/** A report became ready for its buyer: the last step of the checkout that paid for it. */
export async function countReportDelivered(reportToken: string, now: Date): Promise<void> {
  const report = await db.report.findUnique({ where: { token: reportToken }, select: { checkoutToken: true, serviceId: true } });
  if (report) await countCheckoutStep('report_delivered', report.checkoutToken, { serviceId: report.serviceId }, now);
}
