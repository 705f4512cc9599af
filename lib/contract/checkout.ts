import { z } from 'zod';
import 'zod-openapi';
import { IsoDateTime, Slug } from './common';

const Token = z.string().min(1).max(200);
const PurchaseDigest = z.string().regex(/^pd:[0-9a-f]{64}$/);

export const CheckoutRequest = z
  .object({
    buyerInputs: z
      .record(z.string(), z.unknown())
      .default({})
      .meta({ description: "An object satisfying the service's buyerInputSchema (from the service detail)." }),
    purchaseDigest: PurchaseDigest.meta({ description: 'The purchaseDigest read from the service detail, echoed back.' }),
  })
  .meta({ id: 'CheckoutRequest', title: 'CheckoutRequest' });

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired', 'cancelled', 'failed'] as const;
export const CheckoutStatus = z.enum(CHECKOUT_STATUSES).meta({
  id: 'CheckoutStatus',
  title: 'CheckoutStatus',
  description:
    '`open`: waiting for payment. `complete`: paid. `cancelled`: abandoned on the payment page. `expired`: not paid before `expiresAt`. ' +
    '`failed`: a delayed payment method (e.g. a bank debit) was declined.',
});

export const CheckoutSession = z
  .object({
    token: z.string().meta({ description: 'Public token of this checkout (256 random bits).' }),
    checkoutUrl: z.url().meta({ description: 'Hosted payment page for the human buyer.' }),
    statusUrl: z.string().meta({ description: 'Where to read the checkout status: /v1/checkout/{token}.' }),
    status: CheckoutStatus,
    expiresAt: IsoDateTime.meta({ description: '24 hours after creation.' }),
    amount: z.number().meta({ description: 'In major units of currency.' }),
    currency: z.string(),
    serviceId: z.string(),
  })
  .meta({ id: 'CheckoutSession', title: 'CheckoutSession', description: 'The hosted payment handoff created by a checkout.' });

export const CheckoutRecord = z
  .object({
    token: z.string(),
    status: CheckoutStatus,
    serviceId: z.string(),
    serviceName: z.string(),
    amount: z.number(),
    currency: z.string(),
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime,
    completedAt: IsoDateTime.nullish(),
    cancelledAt: IsoDateTime.nullish(),
    failedAt: IsoDateTime.nullish().meta({ description: 'When a delayed payment failed.' }),
    reportUrl: z.string().nullish().meta({ description: 'For audits, once paid: /v1/reports/{token}.' }),
  })
  .meta({ id: 'CheckoutRecord', title: 'CheckoutRecord' });

export const REPORT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;

export const ReportFinding = z
  .object({ title: z.string(), detail: z.string(), severity: z.enum(['low', 'medium', 'high']) })
  .meta({ id: 'ReportFinding', title: 'ReportFinding' });

export const ReportRecord = z
  .object({
    token: z.string(),
    status: z.enum(REPORT_STATUSES).meta({ description: 'queued → processing → ready (or failed).' }),
    serviceId: z.string(),
    createdAt: IsoDateTime,
    readyAt: IsoDateTime.nullish(),
    findings: z.array(ReportFinding).nullish().meta({ description: 'Present when status is ready.' }),
  })
  .meta({ id: 'ReportRecord', title: 'ReportRecord' });

export const OfferChangedError = z
  .object({
    detail: z.string(),
    code: z.literal('OFFER_CHANGED'),
    purchaseDigest: PurchaseDigest.meta({ description: 'The current digest: refetch the service, then retry with it.' }),
  })
  .meta({ id: 'OfferChangedError', title: 'OfferChangedError' });

export const CheckoutPath = z.object({ serviceId: Slug });
export const CheckoutTokenPath = z.object({ token: Token });
export const ReportTokenPath = z.object({ token: Token });

export type CheckoutRequestInput = z.output<typeof CheckoutRequest>;
export type CheckoutSessionBody = z.input<typeof CheckoutSession>;
export type CheckoutRecordBody = z.input<typeof CheckoutRecord>;
export type ReportRecordBody = z.input<typeof ReportRecord>;
