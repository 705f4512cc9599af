import { mailSettings, type MailContext } from '../../lib/mail/mail-context';
import type { CompanyProfileBody } from '../../lib/contract/business';
import type { MailKind, RenderedMessage } from '../../lib/mail/rendered-message';
import {
  bookingCancelled,
  bookingChanged,
  bookingConfirmed,
  bookingRequested,
  checkoutReceipt,
  inquiryAcknowledgement,
  inquiryNotice,
  reportFailedNotice,
  reportReady,
  webhookEndpointDisabled,
} from '../../lib/mail/templates';
import type {
  BookingCancellationMailData,
  BookingChangeMailData,
  BookingRequestMailData,
  CheckoutReceiptMailData,
  ConfirmedBookingMailData,
  InquiryMailData,
  ReportFailedMailData,
  ReportReadyMailData,
  WebhookEndpointDisabledMailData,
} from '../../lib/mail/templates';

// Sample data for the mail templates, shared by the mail tests and by tests of code that enqueues mail.

export const TEST_SITE_URL = 'https://www.throughlinepartners.com';

export const testCompanyProfile: CompanyProfileBody = {
  name: 'Throughline Partners',
  headquarters: { city: 'Pittsburgh', state: 'Pennsylvania', country: 'United States' },
  yearFounded: 2011,
  yearsOfExperience: 15,
  tagline: 'Find the constraint. Run everything else to it.',
  contact: { email: 'hello@throughlinepartners.com', phone: '+1 412 555 0148', website: 'https://www.throughlinepartners.com' },
};

/** Rendered "now": 20 November 2026, 12:00 UTC. */
export const TEST_NOW = new Date('2026-11-20T12:00:00Z');

export function testMailContext(outboxId = 'out_test1', overrides: Partial<MailContext> = {}): MailContext {
  const settings = mailSettings(
    testCompanyProfile,
    { SITE_URL: TEST_SITE_URL, FIRM_TIME_ZONE: 'America/New_York', FIRM_INBOX_EMAIL: 'inbox@throughlinepartners.com' },
    TEST_NOW,
  );
  return { ...settings, outboxId, ...overrides };
}

export const sampleInquiry: InquiryMailData = {
  inquiryId: 'inq_7Qm2x',
  supportTicket: 'TOC-2026-00042',
  companyName: 'Allegheny Castings',
  contactName: 'Rosa Diaz',
  email: 'rosa@allegheny.example',
  phone: '+1 412 555 0199',
  problemDescription: 'Heat treat runs overtime while assembly waits.\nWe ship 60% of orders late.',
  industry: 'Metal casting',
  organizationSize: 'medium',
  urgency: 'high',
  preferredServices: ['Operations Constraint Diagnostic'],
  budget: { min: 20000, max: 45000, currency: 'USD' },
  timeline: 'Before Q2',
  submittedAt: '2026-11-20T14:30:00Z',
  estimatedResponse: '2026-11-23T17:30:00Z',
};

export const sampleConfirmedBooking: ConfirmedBookingMailData = {
  bookingId: 'bkg_K3v9',
  manageToken: 'mgT0k3n_abc',
  name: 'Sam Okoye',
  email: 'sam@ridgeline.example',
  context: 'Packaging line bottleneck; changeovers, mostly, and a backlog of 3,000 cases',
  serviceType: 'Operations',
  start: '2026-12-01T15:00:00Z',
  end: '2026-12-01T16:00:00Z',
  sequence: 0,
  consultantName: 'Daniel Reyes',
  meetingLink: 'https://meet.throughlinepartners.com/r00m42',
  cancellationDeadline: '2026-11-30T15:00:00Z',
};

export const samplePendingBooking: BookingRequestMailData = {
  ...sampleConfirmedBooking,
  preferredTimes: ['2026-12-01T15:00:00Z', '2026-12-02T19:00:00Z'],
  confirmBy: '2026-11-23T22:00:00Z',
};

export const sampleBookingChange: BookingChangeMailData = {
  ...sampleConfirmedBooking,
  start: '2026-12-02T19:00:00Z',
  end: '2026-12-02T20:00:00Z',
  cancellationDeadline: '2026-12-01T19:00:00Z',
  sequence: 1,
  previous: { start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:00:00Z' },
  changedBy: 'visitor',
};

export const sampleBookingCancellation: BookingCancellationMailData = {
  ...sampleConfirmedBooking,
  sequence: 2,
  cancelledBy: 'visitor',
  wasConfirmed: true,
};

export const sampleCheckoutReceipt: CheckoutReceiptMailData = {
  to: { name: 'Lena Park', email: 'lena@northgate.example' },
  checkoutToken: 'ck_t0ken',
  serviceName: 'Website Offer Audit',
  amount: 1450,
  currency: 'USD',
  paidAt: '2026-11-20T16:05:00Z',
  reportToken: 'rp_t0ken',
};

export const sampleReportReady: ReportReadyMailData = {
  to: { name: 'Lena Park', email: 'lena@northgate.example' },
  reportToken: 'rp_t0ken',
  serviceName: 'Website Offer Audit',
  findingCounts: { critical: 1, major: 3, minor: 2, info: 1 },
};

export const sampleReportFailure: ReportFailedMailData = {
  reportToken: 'rp_t0ken',
  serviceName: 'Website Offer Audit',
  failureReason: 'The page at https://northgate.example/offer did not answer within 20 seconds.',
  buyerEmail: 'lena@northgate.example',
};

export const sampleWebhookEndpointDisabled: WebhookEndpointDisabledMailData = {
  to: { name: 'Priya Natarajan', address: 'priya@throughlinepartners.com' },
  endpointId: 'whe_t1',
  url: 'https://hooks.northgate.example/throughline',
  description: 'CRM',
  reason: 'It answered 410 Gone on 27 Nov 2026, 10:00: the receiver asked not to be sent anything more.',
};

/** One message of every kind, rendered from the samples above, in the order of MAIL_KINDS. */
export function renderEverySample(context: MailContext): Record<MailKind, RenderedMessage> {
  return {
    'inquiry-acknowledgement': inquiryAcknowledgement(sampleInquiry, context),
    'inquiry-notice': inquiryNotice(sampleInquiry, context),
    'booking-confirmed': bookingConfirmed(sampleConfirmedBooking, context),
    'booking-requested': bookingRequested(samplePendingBooking, context),
    'booking-changed': bookingChanged(sampleBookingChange, context),
    'booking-cancelled': bookingCancelled(sampleBookingCancellation, context),
    'checkout-receipt': checkoutReceipt(sampleCheckoutReceipt, context),
    'report-ready': reportReady(sampleReportReady, context),
    'report-failed-notice': reportFailedNotice(sampleReportFailure, context),
    'webhook-endpoint-disabled': webhookEndpointDisabled(sampleWebhookEndpointDisabled, context),
  };
}
