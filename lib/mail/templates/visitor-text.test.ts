import { describe, expect, it } from 'vitest';
import { testMailContext } from '@/test-support/mail/mail-fixtures';
import * as samples from '@/test-support/mail/mail-samples';
import { findInjections, visibleText, XSS_PAYLOADS } from '@/test-support/xss';
import type { RenderedMessage } from '../rendered-message';
import * as templates from '.';
import type { InquiryMailData } from '.';

const context = testMailContext('out_xss');

/** The sample inquiry with every field the visitor types set to `text`. */
function inquiryTyping(text: string): InquiryMailData {
  return {
    ...samples.inquiry,
    companyName: text,
    contactName: text,
    problemDescription: text,
    industry: text,
    timeline: text,
    phone: text,
    preferredServices: [text],
  };
}

/** Every template, with every field a visitor or buyer types (or a failure reason quoting their page) set to `text`. */
const TEMPLATES: Record<string, (text: string) => RenderedMessage> = {
  'inquiry acknowledgement': (text) => templates.inquiryAcknowledgement(inquiryTyping(text), context),
  'inquiry notice to staff': (text) => templates.inquiryNotice(inquiryTyping(text), context),
  'booking confirmed': (text) => templates.bookingConfirmed({ ...samples.confirmedBooking, name: text, context: text }, context),
  'booking requested': (text) => templates.bookingRequested({ ...samples.pendingBooking, name: text, context: text }, context),
  'booking changed': (text) => templates.bookingChanged({ ...samples.bookingChange, name: text, context: text }, context),
  'booking cancelled': (text) => templates.bookingCancelled({ ...samples.bookingCancellation, name: text, context: text }, context),
  'checkout receipt': (text) => templates.checkoutReceipt({ ...samples.paidCheckout, to: { ...samples.paidCheckout.to, name: text } }, context),
  'report ready': (text) => templates.reportReady({ ...samples.readyReport, to: { ...samples.readyReport.to, name: text } }, context),
  'report failed notice': (text) => templates.reportFailedNotice({ ...samples.failedReport, failureReason: text }, context),
};

describe.each(Object.entries(TEMPLATES))('the %s email', (_name, render) => {
  it.each(XSS_PAYLOADS)('keeps %j as text in its HTML part', (payload) => {
    const message = render(payload);
    expect(findInjections(message.html)).toEqual([]);
    // Shown, as typed (line separators aside, which the text blocks may break on).
    const shown = visibleText(message.html).replace(/\s+/g, ' ');
    expect(shown).toContain(payload.replace(/\s+/g, ' ').trim());
  });
});
