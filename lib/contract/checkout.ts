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

/** Worst first: the order findings are reported in. */
export const FINDING_SEVERITIES = ['critical', 'major', 'minor', 'info'] as const;

/** Categories of the website offer audit, which the system runs. */
export const URL_AUDIT_CATEGORIES = [
  'call-to-action',
  'offer',
  'proof',
  'form',
  'search-visibility',
  'accessibility',
  'mobile',
  'performance',
  'security',
] as const;

/** Categories of the local-visibility audit, which a consultant writes by hand. */
export const LOCAL_VISIBILITY_CATEGORIES = ['listing-completeness', 'reviews', 'local-search-presence', 'name-address-phone', 'competitors'] as const;

export const FINDING_CATEGORIES = [...URL_AUDIT_CATEGORIES, ...LOCAL_VISIBILITY_CATEGORIES] as const;

export const FindingSeverity = z.enum(FINDING_SEVERITIES).meta({
  id: 'FindingSeverity',
  title: 'FindingSeverity',
  description:
    '`critical`: it stops buyers now, fix it first. `major`: it costs a share of buyers. `minor`: worth fixing when you next edit the page. `info`: worth knowing, no change required.',
});

export const FindingCategory = z.enum(FINDING_CATEGORIES).meta({
  id: 'FindingCategory',
  title: 'FindingCategory',
  description:
    'Website offer audit: `call-to-action`, `offer` (price or next step, guarantee, promise), `proof`, `form`, `search-visibility`, `accessibility`, `mobile`, `performance`, `security`. ' +
    'Local-visibility audit: `listing-completeness`, `reviews`, `local-search-presence`, `name-address-phone` (consistency of the business listing), `competitors`.',
});

export const ReportFinding = z
  .object({
    id: z.string().min(1).max(100).meta({
      description:
        'Stable identifier of the check behind the finding, the same in every report (e.g. `offer.no-primary-cta`). Consultant-written findings carry the identifier the staff form gives them.',
    }),
    category: FindingCategory,
    severity: FindingSeverity,
    title: z.string().min(1).max(200).meta({ description: 'The problem in one line.' }),
    detail: z.string().min(1).max(4000).meta({ description: 'What we found and why it matters to a buyer deciding on the offer.' }),
    recommendation: z.string().min(1).max(4000).meta({ description: 'What to change on the page or listing, specifically enough to act on.' }),
    evidence: z.string().min(1).max(2000).nullable().meta({
      description:
        'What we saw, quoted as plain text (never HTML), e.g. the page title or the competing button labels. Null when the finding is about something absent, so there is nothing to quote; never an empty string.',
    }),
  })
  .meta({ id: 'ReportFinding', title: 'ReportFinding', description: 'One finding of an audit: the problem, its evidence and what to change.' });

const Count = z.int().min(0);

export const ReportSeverityCounts = z
  .object({
    critical: Count.meta({ description: 'Findings of severity `critical`.' }),
    major: Count.meta({ description: 'Findings of severity `major`.' }),
    minor: Count.meta({ description: 'Findings of severity `minor`.' }),
    info: Count.meta({ description: 'Findings of severity `info`.' }),
    total: Count.meta({ description: 'All findings.' }),
  })
  .meta({ id: 'ReportSeverityCounts', title: 'ReportSeverityCounts', description: 'How many findings the report has of each severity.' });

export const AuditedPage = z
  .object({
    requestedUrl: z.string().meta({ description: 'The address the buyer gave.' }),
    finalUrl: z.string().meta({ description: 'The address actually audited, after following redirects (at most 5).' }),
    redirectCount: Count.meta({ description: 'How many redirects led from requestedUrl to finalUrl.' }),
    fetchMs: Count.meta({ description: 'Time to fetch the page, in milliseconds: DNS, every redirect and the whole body.' }),
    timeToFirstByteMs: Count.meta({ description: 'From sending the request for finalUrl to its first response bytes, in milliseconds.' }),
    bytes: Count.meta({ description: 'Size of the HTML document received, in bytes (at most 2 MiB).' }),
    truncated: z.boolean().meta({ description: 'True when the document was larger than 2 MiB and only its first 2 MiB were audited.' }),
    https: z.boolean().meta({ description: 'Whether finalUrl is served over HTTPS.' }),
  })
  .meta({ id: 'AuditedPage', title: 'AuditedPage', description: 'The web page a website offer audit examined.' });

export const ReportSummary = z
  .object({
    counts: ReportSeverityCounts,
    page: AuditedPage.nullable().meta({
      description: 'The page audited, for a website offer audit; null for an audit that is not about one page (local visibility).',
    }),
  })
  .meta({ id: 'ReportSummary', title: 'ReportSummary', description: 'The findings counted by severity, and what was audited.' });

export const ReportRecord = z
  .object({
    token: z.string().meta({ description: 'Public token of this report (256 random bits).' }),
    status: z.enum(REPORT_STATUSES).meta({ description: 'queued → processing → ready (or failed).' }),
    serviceId: z.string().meta({ description: 'The audit service bought.' }),
    createdAt: IsoDateTime.meta({ description: 'When the checkout completed and the report was queued.' }),
    readyAt: IsoDateTime.nullable().meta({ description: 'When the report became ready; null until then.' }),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: 'Why the report could not be produced, in a sentence for the buyer: a string exactly when status is `failed`, otherwise null.' }),
    findings: z
      .array(ReportFinding)
      .nullable()
      .meta({ description: 'Ordered by severity, critical first. Present when status is `ready` (possibly empty), otherwise null.' }),
    summary: ReportSummary.nullable().meta({ description: 'Present when status is `ready`, otherwise null.' }),
  })
  .meta({ id: 'ReportRecord', title: 'ReportRecord', description: 'A purchased audit: its progress and, once ready, its findings.' });

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
export type ReportFindingBody = z.input<typeof ReportFinding>;
export type ReportSummaryBody = z.input<typeof ReportSummary>;
export type AuditedPageBody = z.input<typeof AuditedPage>;
export type SeverityCounts = z.input<typeof ReportSeverityCounts>;
export type FindingSeverityName = (typeof FINDING_SEVERITIES)[number];
export type FindingCategoryName = (typeof FINDING_CATEGORIES)[number];
