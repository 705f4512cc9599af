import { baseUrl, get, post } from './contract';
import { paySandboxCheckout } from './server-actions.mjs';
import { serverDatabase } from './server-database';
import { activeConsultants, workingDay } from '../schedule';

export interface PrivateLinkTokens {
  checkout: string;
  report: string;
  booking: string;
}

/**
 * One real token of each private link (checkout, report, booking management), made through the API as a buyer and a
 * visitor would: a paid audit (which queues its report) and a booking out of hours (pending, claiming no one's time).
 */
export async function makePrivateLinks(label: string): Promise<PrivateLinkTokens> {
  const database = serverDatabase();
  try {
    const consultants = await activeConsultants(database);
    const { purchaseDigest } = (await get<{ purchaseDigest: string }>('/v1/services/local-market-constraint-audit')).body;
    const { body: session } = await post<{ token: string; checkoutUrl: string }>('/v1/services/local-market-constraint-audit/checkout', {
      purchaseDigest,
      buyerInputs: { responsibility_acknowledged: true, business_name: `${label} Bakery`, location: 'Erie, PA' },
    });
    await paySandboxCheckout(baseUrl(), session.checkoutUrl);
    const { body: checkout } = await get<{ reportUrl: string }>(`/v1/checkout/${session.token}`);
    const { body: booking } = await post<{ manageApiUrl: string }>('/v1/availability/book', {
      name: `Tia ${label}`,
      email: `tia@${label.toLowerCase()}.example`,
      context: `Checking ${label.toLowerCase()} pages of private links.`,
      preferredTimes: [workingDay(consultants, 20).set({ hour: 3 }).toISO()],
    });
    return { checkout: session.token, report: checkout.reportUrl.split('/').at(-1)!, booking: booking.manageApiUrl.split('/').at(-1)! };
  } finally {
    await database.close();
  }
}
