import { defineOperation } from './operation';
import { ApiCapabilities, HealthStatus, RootDiscovery } from './discovery';
import {
  FAQResponse,
  ListFaqsQuery,
  ListServicesQuery,
  ListTestimonialsQuery,
  ServiceCategoriesResponse,
  ServiceDetail,
  ServiceIdPath,
  ServicesResponse,
  TestimonialsResponse,
} from './catalogue';
import { InsightDetail, InsightIdPath, InsightSearchResponse, InsightsResponse, ListInsightsQuery, SearchInsightsQuery, TOCPrinciples } from './insights';
import { CompanyProfile, CredentialsResponse } from './business';
import { Inquiry, InquiryResponse } from './inquiries';
import { Availability, BookingConfirmation, BookingRequest } from './booking';
import { BookingReschedule, BookingTokenPath, CancellationClosedError, ManagedBooking } from './booking-management';
import {
  CheckoutPath,
  CheckoutRecord,
  CheckoutRequest,
  CheckoutSession,
  CheckoutTokenPath,
  OfferChangedError,
  ReportRecord,
  ReportTokenPath,
} from './checkout';
import { ErrorResponse } from './errors';
import { z } from 'zod';

const IDEMPOTENCY_CONFLICTS = {
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used before with a different request.',
  IDEMPOTENCY_KEY_IN_USE: 'A request with this Idempotency-Key is still being processed.',
};

/** Every operation of the public contract. Route handlers bind to these; the OpenAPI document is generated from them. */
export const operations = {
  getRoot: defineOperation({
    operationId: 'getRoot',
    method: 'GET',
    path: '/',
    summary: 'Discovery document',
    description: 'Clients get a JSON discovery document. Browsers (an `Accept` header that includes `text/html`) get the home page instead.',
    tag: 'Discovery',
    response: RootDiscovery,
    cache: 'content',
  }),
  headRoot: defineOperation({
    operationId: 'headRoot',
    method: 'HEAD',
    path: '/',
    summary: 'Discovery document headers',
    description: 'Same operation as `GET /`, without a body.',
    tag: 'Discovery',
    response: RootDiscovery,
    cache: 'content',
  }),
  getHealth: defineOperation({
    operationId: 'getHealth',
    method: 'GET',
    path: '/v1/health',
    summary: 'Health check',
    description:
      'Whether the service can answer: `healthy` when its database answers, `unavailable` (503) when it cannot. `build_stamp` is the ' +
      'content version: compare it with the one your cached data was read under, and refetch when it differs.',
    tag: 'Discovery',
    response: HealthStatus,
    cache: 'live',
    agent: {
      hint:
        'Use to check that the API is up and to read `build_stamp`, the content version: when it differs from the stamp your saved ' +
        'answers were read under, read again what you rely on (prices, offers).',
    },
  }),
  getHealthUnversioned: defineOperation({
    operationId: 'getHealthUnversioned',
    method: 'GET',
    path: '/health',
    summary: 'Health check at the unversioned path',
    description: 'The same check as `/v1/health`, at the unversioned path load balancers and uptime monitors expect.',
    tag: 'Discovery',
    response: HealthStatus,
    cache: 'live',
  }),
  getCapabilities: defineOperation({
    operationId: 'getCapabilities',
    method: 'GET',
    path: '/v1/capabilities',
    summary: 'What this API offers',
    description: '`endpointCount` and `supportedOperations` are read from this OpenAPI document.',
    tag: 'Discovery',
    response: ApiCapabilities,
    cache: 'content',
    agent: { hint: 'Use once to learn which operations this API offers and its service categories.' },
  }),
  listServices: defineOperation({
    operationId: 'listServices',
    method: 'GET',
    path: '/v1/services',
    summary: 'List services',
    description:
      "Published services in catalogue order (by category, then the firm's own order), paged with `limit` and `offset`; `total` " +
      "counts them all. Prices are in major units of their currency; read a service's detail for its checkout attributes.",
    tag: 'Catalogue',
    query: ListServicesQuery,
    response: ServicesResponse,
    cache: 'content',
    agent: {
      hint:
        'Start here to see what the firm sells: every service with its category, price and timeline. Then read one with get_service ' +
        'before buying or booking it.',
    },
  }),
  listServiceCategories: defineOperation({
    operationId: 'listServiceCategories',
    method: 'GET',
    path: '/v1/services/categories',
    summary: 'List service categories',
    description: 'The three categories with a name, a description and the ids of their published services.',
    tag: 'Catalogue',
    response: ServiceCategoriesResponse,
    cache: 'content',
    agent: {
      hint:
        "Use to match a person's problem to one of the three categories (constraint analysis, offer analysis, implementation " +
        'support) and the services in it.',
    },
  }),
  getService: defineOperation({
    operationId: 'getService',
    method: 'GET',
    path: '/v1/services/{serviceId}',
    summary: 'Service detail',
    description: 'Includes the checkout attributes: `ctaType`, `pricing.model`, `purchaseDigest` and `buyerInputSchema`.',
    tag: 'Catalogue',
    params: ServiceIdPath,
    response: ServiceDetail,
    cache: 'content',
    errors: [404],
    agent: {
      hint:
        'Read this before any purchase or booking. `ctaType` says how to buy: `stripe` is self-serve (start_checkout with this ' +
        '`purchaseDigest` and inputs that satisfy `buyerInputSchema`), `calendar` starts with a consultation (get_availability, then ' +
        'book_consultation), or with submit_inquiry when the person would rather be contacted.',
    },
  }),
  listServiceTestimonials: defineOperation({
    operationId: 'listServiceTestimonials',
    method: 'GET',
    path: '/v1/services/{serviceId}/testimonials',
    summary: 'Testimonials of a service',
    description: 'Newest first. `total` counts all published testimonials of the service.',
    tag: 'Catalogue',
    params: ServiceIdPath,
    query: ListTestimonialsQuery,
    response: TestimonialsResponse,
    cache: 'content',
    errors: [404],
    agent: { hint: 'Use when a person wants evidence that a service works: client quotes with ratings, newest first.' },
  }),
  listServiceFaqs: defineOperation({
    operationId: 'listServiceFaqs',
    method: 'GET',
    path: '/v1/services/{serviceId}/faq',
    summary: 'FAQs of a service',
    description:
      'Published answers about one service, in their order. `category` narrows them to one of pricing, timeline, process, ' + 'deliverables or general.',
    tag: 'Catalogue',
    params: ServiceIdPath,
    query: ListFaqsQuery,
    response: FAQResponse,
    cache: 'content',
    errors: [404],
    agent: {
      hint: "Use to answer a person's question about a service (pricing, scope, process) with the firm's own answers instead of guessing.",
    },
  }),
  listInsights: defineOperation({
    operationId: 'listInsights',
    method: 'GET',
    path: '/v1/insights',
    summary: 'List published insights',
    description: 'Newest first.',
    tag: 'Insights',
    query: ListInsightsQuery,
    response: InsightsResponse,
    cache: 'content',
    agent: { hint: "Use to browse the firm's articles, newest first; `featured=true` gives the best places to start." },
  }),
  searchInsights: defineOperation({
    operationId: 'searchInsights',
    method: 'GET',
    path: '/v1/insights/search',
    summary: 'Search insights',
    description: [
      'Full-text search over published insights: title, keywords, summary and content, ranked by relevance (a match in the title',
      'weighs most, then keywords, summary, content; equal scores by id). `total` counts every match; `topics` keeps insights',
      'with any of the given topics. `q` reads like a web search box:',
      '',
      '- Every word must match, as a whole English word compared by its stem: `constraints` finds "constraint". Words are runs',
      '  of letters and digits; everything else (quotes aside) separates words and is never an operator: `%`, `_`, `*`, `:`,',
      "  `(`, `'`, `=`, `OR`, `AND`, `NEAR` are plain text.",
      '- Only the last word is a prefix, for search as you type: when `q` ends in it (no trailing space or punctuation) and it',
      '  has at least two characters and is not a stop word. `drum bu` finds "buffer"; `drum bu ` does not.',
      '- `"Double quotes"` make a phrase: its words adjacent and in this order. An unclosed quote runs to the end of `q`. Words',
      '  joined by punctuation without a space are a phrase too (`s-dbr`, `t/cu`).',
      '- A leading `-` excludes a word or a quoted phrase: `buffer -"red zone"`. A query of exclusions only finds nothing.',
      "- English stop words (PostgreSQL's `english` list: the, of, or, not, …) are ignored, unless `q` has nothing else, and",
      '  then they match as whole words (`or` never finds "order"). Inside a phrase they keep their place.',
      '- Only the first 24 words count.',
      '',
      'So `\' OR 1=1 --` is a search for the phrase "1 1", not for every article.',
    ].join('\n'),
    tag: 'Insights',
    query: SearchInsightsQuery,
    response: InsightSearchResponse,
    cache: 'content',
    agent: {
      hint: "Use to find articles about a topic or a person's problem (e.g. `buffer management`, `bottleneck overtime`); then read one " + 'with get_insight.',
    },
  }),
  getInsight: defineOperation({
    operationId: 'getInsight',
    method: 'GET',
    path: '/v1/insights/{insightId}',
    summary: 'Insight detail',
    description:
      'A published article with its full Markdown content, its keywords and the ids of related articles. Drafts and articles ' +
      'scheduled for later answer 404 like unknown ids.',
    tag: 'Insights',
    params: InsightIdPath,
    response: InsightDetail,
    cache: 'content',
    errors: [404],
    agent: { hint: 'Use to read one article in full (Markdown), to answer from it or cite it.' },
  }),
  getTocPrinciples: defineOperation({
    operationId: 'getTocPrinciples',
    method: 'GET',
    path: '/v1/knowledge/toc-principles',
    summary: 'Theory of Constraints principles and tools',
    description:
      'The Theory of Constraints principles the firm works by (the five focusing steps among them) and its thinking tools, each ' + 'with when to use it.',
    tag: 'Knowledge',
    response: TOCPrinciples,
    cache: 'content',
    agent: {
      hint:
        "Use to explain the Theory of Constraints in the firm's own terms and to pick the thinking tool that fits a situation (each " +
        'principle and tool says when to use it).',
    },
  }),
  getBusinessProfile: defineOperation({
    operationId: 'getBusinessProfile',
    method: 'GET',
    path: '/v1/business',
    summary: 'Company profile',
    description:
      'Who the firm is: headquarters, founding year, leadership, core competencies, contact details and social proof (clients, ' +
      'projects, average rating, testimonials).',
    tag: 'Business',
    response: CompanyProfile,
    cache: 'content',
    agent: { hint: 'Use to answer who the firm is: where, since when, who leads it, how to reach it, and its track record.' },
  }),
  listBusinessCredentials: defineOperation({
    operationId: 'listBusinessCredentials',
    method: 'GET',
    path: '/v1/business/credentials',
    summary: 'Certifications, memberships, awards and publications',
    description: "The firm's certifications, memberships, awards and publications, in the order the firm lists them.",
    tag: 'Business',
    response: CredentialsResponse,
    cache: 'content',
    agent: { hint: 'Use when a person asks for certifications, memberships, awards or publications.' },
  }),
  startCheckout: defineOperation({
    operationId: 'startCheckout',
    method: 'POST',
    path: '/v1/services/{serviceId}/checkout',
    summary: 'Start a self-serve checkout',
    description:
      'For services whose ctaType is `stripe`. Send the `purchaseDigest` read from the service detail and `buyerInputs` that satisfy its ' +
      '`buyerInputSchema`. Answers with a hosted payment URL for a human buyer, valid for 24 hours. Payment itself happens on that page. ' +
      'Errors: 409 `OFFER_CHANGED` (with the current `purchaseDigest`) when the offer changed since it was read; 409 `CHECKOUT_NOT_AVAILABLE` ' +
      'for human-led services (book a consultation instead); 422 with loc `["body","buyerInputs",<name>]` for inputs the schema refuses; ' +
      '502 `PAYMENT_PROVIDER_UNAVAILABLE` when the payment provider cannot create the payment page (nothing is created; retry later).',
    tag: 'Checkout',
    params: CheckoutPath,
    body: CheckoutRequest,
    idempotent: true,
    response: CheckoutSession,
    cache: 'live',
    errors: [404, 409, 413, 502],
    conflicts: {
      OFFER_CHANGED: 'The purchaseDigest no longer matches the current offer; refetch the service and retry.',
      CHECKOUT_NOT_AVAILABLE: 'The service is human-led (ctaType `calendar`); book a consultation with POST /v1/availability/book.',
      ...IDEMPOTENCY_CONFLICTS,
    },
    conflictSchema: z.union([OfferChangedError, ErrorResponse]),
    agent: {
      hint:
        'Use only when the person asked to buy a service whose `ctaType` is `stripe`, after get_service, with `buyerInputs` the ' +
        "person gave you (never invent them; `responsibility_acknowledged` needs their own acknowledgement). The answer's " +
        '`checkoutUrl` is a payment page for the human: give it to the person and never open it or pay yourself. On 409 ' +
        '`OFFER_CHANGED`, read the service again, tell the person what changed, and retry with the new `purchaseDigest`. Pass an ' +
        '`idempotencyKey` so that a retry never creates a second checkout.',
      openWorld: true,
    },
  }),
  getCheckout: defineOperation({
    operationId: 'getCheckout',
    method: 'GET',
    path: '/v1/checkout/{token}',
    summary: 'Checkout status',
    description:
      '`open` until paid (`complete`), abandoned on the payment page (`cancelled`), past `expiresAt` unpaid (`expired`), or closed ' +
      'because a delayed payment (e.g. a bank debit) failed (`failed`). A buyer who finished the payment page with a delayed method ' +
      'keeps the checkout `open` past `expiresAt` until the bank answers.',
    tag: 'Checkout',
    params: CheckoutTokenPath,
    response: CheckoutRecord,
    cache: 'live',
    errors: [404],
    agent: {
      hint: "Use after handing over a `checkoutUrl` to learn whether the person paid (`complete`), and to find an audit's `reportUrl`.",
    },
  }),
  getReport: defineOperation({
    operationId: 'getReport',
    method: 'GET',
    path: '/v1/reports/{token}',
    summary: 'Audit report',
    description: 'Created when an audit checkout completes: `queued`, then `processing`, then `ready` with its findings (or `failed`).',
    tag: 'Checkout',
    params: ReportTokenPath,
    response: ReportRecord,
    cache: 'live',
    errors: [404],
    agent: { hint: 'Use to read an audit report after its checkout completed; it is `queued`, then `processing`, then `ready` (or `failed`).' },
  }),
  submitInquiry: defineOperation({
    operationId: 'submitInquiry',
    method: 'POST',
    path: '/v1/inquiries',
    summary: 'Send a consultation inquiry',
    description:
      'Stores the inquiry with status `submitted` and answers with a tracking id, a support ticket, next steps and when to expect an ' +
      'answer (4 business hours for `critical`, 1 business day for `high`, 2 for `medium` or none, 3 for `low`; business hours are ' +
      'Monday to Friday, 09:00 to 17:00 America/New_York). Bodies over 64 KB get 413.',
    tag: 'Inquiries',
    body: Inquiry,
    idempotent: true,
    response: InquiryResponse,
    cache: 'live',
    errors: [409, 413],
    conflicts: IDEMPOTENCY_CONFLICTS,
    agent: {
      hint:
        'Use when a person wants the firm to contact them about a problem, or a service is priced by quote. Send only what the ' +
        'person told you and agreed to share. Pass an `idempotencyKey` so that a retry never sends a second inquiry.',
    },
  }),
  getAvailability: defineOperation({
    operationId: 'getAvailability',
    method: 'GET',
    path: '/v1/availability',
    summary: 'Consultant availability',
    description:
      "Computed from the consultants' working hours, holidays, confirmed bookings and the busy times of their connected calendars " +
      '(CalDAV or iCalendar feeds). Consultations start at least 24 hours ahead ' +
      "and at most 30 days ahead, on a 30-minute grid, in the firm's time zone (America/New_York).",
    tag: 'Booking',
    response: Availability,
    cache: 'live',
    agent: {
      hint:
        "Use before book_consultation to offer the person free times; they are in the firm's time zone (America/New_York), so " +
        'convert them for the person.',
    },
  }),
  bookConsultation: defineOperation({
    operationId: 'bookConsultation',
    method: 'POST',
    path: '/v1/availability/book',
    summary: 'Request a consultation',
    description:
      'Tries the preferred times in order; the first at which a consultant whose expertise matches `serviceType` is free for the whole ' +
      '`duration` is `confirmed`: a consultant with a connected calendar is confirmed only after that calendar was checked for the time, ' +
      'and one whose calendar cannot be reached is not confirmed (the next consultant is tried, or the booking stays `pending`). ' +
      'If none is free, the request is stored as `pending` and staff follow up. Double booking is prevented by the ' +
      'database, so concurrent requests for one time confirm at most one booking per consultant.',
    tag: 'Booking',
    body: BookingRequest,
    idempotent: true,
    response: BookingConfirmation,
    cache: 'live',
    errors: [409, 413],
    conflicts: IDEMPOTENCY_CONFLICTS,
    agent: {
      hint:
        'Use when a person wants a consultation (services with `ctaType` `calendar`, or to talk before buying) and agreed to the ' +
        'times: send them in their order of preference, with offsets. The answer is `confirmed` with a meeting link, or `pending` ' +
        'for staff to schedule. Pass an `idempotencyKey` so that a retry never books twice.',
    },
  }),
  getBooking: defineOperation({
    operationId: 'getBooking',
    method: 'GET',
    path: '/v1/bookings/{token}',
    summary: 'A booking, by its management token',
    description:
      'The token is in `manageUrl` of the booking confirmation and in every email about the booking; whoever holds it may see, ' +
      'cancel and reschedule the booking. `changeable` says whether cancel and reschedule are open now.',
    tag: 'Booking',
    params: BookingTokenPath,
    response: ManagedBooking,
    cache: 'live',
    errors: [404],
    agent: {
      hint:
        'Use to show a person their booking, from the token in its `manageUrl` (or their email), and to see whether `changeable` ' +
        'lets cancel_booking or reschedule_booking act now.',
    },
  }),
  cancelBooking: defineOperation({
    operationId: 'cancelBooking',
    method: 'POST',
    path: '/v1/bookings/{token}/cancel',
    summary: 'Cancel a booking',
    description:
      'No body. Cancels a pending request at any time, or a confirmed booking until its `cancellationDeadline` (24 hours before the ' +
      'start); the time becomes free for others at once and the booker gets an email with a calendar cancellation (METHOD:CANCEL). ' +
      'Cancelling a cancelled booking changes nothing and answers 200 with the booking. After the deadline: 409 `CANCELLATION_CLOSED` ' +
      'with the deadline and how to reach the firm.',
    tag: 'Booking',
    params: BookingTokenPath,
    idempotent: true,
    response: ManagedBooking,
    cache: 'live',
    errors: [404, 409],
    conflicts: {
      CANCELLATION_CLOSED: 'The cancellation deadline has passed; write to or call the firm (`contactEmail`, `contactPhone`).',
      BOOKING_CHANGED: 'Another change to this booking landed a moment before this one; read it again and retry.',
      ...IDEMPOTENCY_CONFLICTS,
    },
    conflictSchema: z.union([CancellationClosedError, ErrorResponse]),
    agent: {
      hint:
        'Use only when the person asks to cancel their booking: the time is freed at once and they get an email. After the ' +
        '`cancellationDeadline` the 409 `CANCELLATION_CLOSED` says how to reach the firm instead. Pass an `idempotencyKey` so that ' +
        'a retry never acts twice.',
      destructive: true,
    },
  }),
  rescheduleBooking: defineOperation({
    operationId: 'rescheduleBooking',
    method: 'POST',
    path: '/v1/bookings/{token}/reschedule',
    summary: 'Move a booking to another time',
    description:
      'Same rule as booking: the `preferredTimes` are tried in order, within the booking window, and the first at which a consultant ' +
      "who covers the booking's topic is free for its whole duration wins (its current consultant first). The new time is claimed and " +
      'the old one freed in one transaction, so a move can never double-book anyone; the booker gets the change with an updated ' +
      'calendar invitation (same UID, higher SEQUENCE). A confirmed booking moves until its `cancellationDeadline` (else 409 ' +
      '`CANCELLATION_CLOSED`); when none of the times is free it stays where it was and the answer is 409 `SLOT_UNAVAILABLE`. ' +
      'A pending request gets new suggested times: if one is free it is confirmed at once, otherwise it stays pending with the new ' +
      'times for staff to schedule (200 either way, as for a new booking). A cancelled booking cannot move (409 `BOOKING_CANCELLED`).',
    tag: 'Booking',
    params: BookingTokenPath,
    body: BookingReschedule,
    idempotent: true,
    response: ManagedBooking,
    cache: 'live',
    errors: [404, 409, 413],
    conflicts: {
      CANCELLATION_CLOSED: 'The deadline for changes has passed; write to or call the firm (`contactEmail`, `contactPhone`).',
      SLOT_UNAVAILABLE: 'None of the preferred times is free (or inside the booking window); the booking is unchanged.',
      BOOKING_CANCELLED: 'The booking is cancelled; book a new consultation instead.',
      BOOKING_CHANGED: 'Another change to this booking landed a moment before this one; read it again and retry.',
      ...IDEMPOTENCY_CONFLICTS,
    },
    conflictSchema: z.union([CancellationClosedError, ErrorResponse]),
    agent: {
      hint:
        'Use when the person wants to move their booking to times they agreed to (check get_availability first), in their order ' +
        'of preference, with offsets. On 409 `SLOT_UNAVAILABLE` the booking stays where it was: offer other times. Pass an ' +
        '`idempotencyKey` so that a retry never acts twice.',
      destructive: true,
    },
  }),
} as const;

export type OperationId = keyof typeof operations;
