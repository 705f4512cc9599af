import { mailSettings, type MailContext } from '../../lib/mail/mail-context';
import type { CompanyProfileBody } from '../../lib/contract/business';
import type { MailKind, RenderedMessage } from '../../lib/mail/rendered-message';
import * as templates from '../../lib/mail/templates';
import * as samples from './mail-samples';

// The settings mail is rendered with in tests, and one rendered message of every kind.

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

/** One message of every kind, rendered from the samples, in the order of MAIL_KINDS. */
export function renderEverySample(context: MailContext): Record<MailKind, RenderedMessage> {
  return {
    'inquiry-acknowledgement': templates.inquiryAcknowledgement(samples.inquiry, context),
    'inquiry-notice': templates.inquiryNotice(samples.inquiry, context),
    'booking-confirmed': templates.bookingConfirmed(samples.confirmedBooking, context),
    'booking-requested': templates.bookingRequested(samples.pendingBooking, context),
    'booking-changed': templates.bookingChanged(samples.bookingChange, context),
    'booking-cancelled': templates.bookingCancelled(samples.bookingCancellation, context),
    'checkout-receipt': templates.checkoutReceipt(samples.paidCheckout, context),
    'report-ready': templates.reportReady(samples.readyReport, context),
    'report-failed-notice': templates.reportFailedNotice(samples.failedReport, context),
    'webhook-endpoint-disabled': templates.webhookEndpointDisabled(samples.disabledWebhookEndpoint, context),
    'system-alert': templates.systemAlert(samples.systemAlert, context),
    'system-alert-cleared': templates.systemAlertCleared({ ...samples.systemAlert, clearedAt: '2026-11-20T16:12:30Z' }, context),
    'commitment-reminder': templates.commitmentReminder(samples.commitment, [samples.salesOwner], context),
    'commitment-missed': templates.commitmentMissed(samples.missedCommitment, [samples.salesOwner, samples.admin], context),
    'promises-digest': templates.promisesDigest(samples.promisesDigest, [samples.admin], context),
  };
}
