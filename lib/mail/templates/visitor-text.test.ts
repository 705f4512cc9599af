import { describe, expect, it } from 'vitest';
import {
  sampleBookingCancellation,
  sampleBookingChange,
  sampleCheckoutReceipt,
  sampleConfirmedBooking,
  sampleInquiry,
  samplePendingBooking,
  sampleReportFailure,
  sampleReportReady,
  testMailContext,
} from '@/test-support/mail/mail-fixtures';
import { findInjections, visibleText, XSS_PAYLOADS } from '@/test-support/xss';
import type { RenderedMessage } from '../rendered-message';
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
} from '.';

const context = testMailContext('out_xss');

/** Every template, with every field a visitor or buyer types (or a failure reason quoting their page) set to `text`. */
const TEMPLATES: Record<string, (text: string) => RenderedMessage> = {
  'inquiry acknowledgement': (text) =>
    inquiryAcknowledgement(
      {
        ...sampleInquiry,
        companyName: text,
        contactName: text,
        problemDescription: text,
        industry: text,
        timeline: text,
        phone: text,
        preferredServices: [text],
      },
      context,
    ),
  'inquiry notice to staff': (text) =>
    inquiryNotice(
      {
        ...sampleInquiry,
        companyName: text,
        contactName: text,
        problemDescription: text,
        industry: text,
        timeline: text,
        phone: text,
        preferredServices: [text],
      },
      context,
    ),
  'booking confirmed': (text) => bookingConfirmed({ ...sampleConfirmedBooking, name: text, context: text }, context),
  'booking requested': (text) => bookingRequested({ ...samplePendingBooking, name: text, context: text }, context),
  'booking changed': (text) => bookingChanged({ ...sampleBookingChange, name: text, context: text }, context),
  'booking cancelled': (text) => bookingCancelled({ ...sampleBookingCancellation, name: text, context: text }, context),
  'checkout receipt': (text) => checkoutReceipt({ ...sampleCheckoutReceipt, to: { ...sampleCheckoutReceipt.to, name: text } }, context),
  'report ready': (text) => reportReady({ ...sampleReportReady, to: { ...sampleReportReady.to, name: text } }, context),
  'report failed notice': (text) => reportFailedNotice({ ...sampleReportFailure, failureReason: text }, context),
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
