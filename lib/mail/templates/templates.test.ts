import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { renderEverySample, testMailContext } from '@/test-support/mail/mail-fixtures';
import * as samples from '@/test-support/mail/mail-samples';
import { MAIL_KINDS, RenderedMessage } from '../rendered-message';
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
  systemAlert,
  systemAlertCleared,
} from '.';

const context = testMailContext('out_t1');
const SITE = 'https://www.throughlinepartners.com';
const FIRM = { name: 'Throughline Partners', address: 'hello@throughlinepartners.com' };
const INBOX = { name: 'Throughline Partners', address: 'inbox@throughlinepartners.com' };
const SAM = { name: 'Sam Okoye', address: 'sam@ridgeline.example' };
const LENA = { name: 'Lena Park', address: 'lena@northgate.example' };

function calendarOf(message: RenderedMessage) {
  const calendar = new ICAL.Component(ICAL.parse(message.calendar!.ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    dtstart: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    dtend: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    description: event.getFirstPropertyValue('description') as string,
  };
}

describe('every template', () => {
  const all = Object.values(renderEverySample(context));

  it('renders one message of each kind, from the firm, with the outbox row as Message-ID, that survives JSON storage', () => {
    expect(all.map((m) => m.kind)).toEqual([...MAIL_KINDS]);
    for (const message of all) {
      expect(message.from).toEqual(FIRM);
      expect(message.messageId).toBe('<out_t1@www.throughlinepartners.com>');
      expect(RenderedMessage.parse(JSON.parse(JSON.stringify(message)))).toEqual(message);
    }
  });

  it('puts the branded footer in both parts', () => {
    for (const message of all) {
      expect(message.text).toContain(
        '\n-- \nThroughline Partners\nPittsburgh, Pennsylvania, United States\n+1 412 555 0148 · https://www.throughlinepartners.com\nhello@throughlinepartners.com\n',
      );
      expect(message.html).toContain('Pittsburgh, Pennsylvania, United States<br>+1 412 555 0148 · <a href="https://www.throughlinepartners.com"');
      expect(message.html.startsWith('<!doctype html>')).toBe(true);
    }
  });
});

describe('inquiryAcknowledgement', () => {
  const message = inquiryAcknowledgement(samples.inquiry, context);

  it('goes to the visitor with the ticket, the reply-by time in the firm zone, and what they sent', () => {
    expect(message.to).toEqual([{ name: 'Rosa Diaz', address: 'rosa@allegheny.example' }]);
    expect(message.replyTo).toEqual(INBOX);
    expect(message.subject).toBe('We have your inquiry (TOC-2026-00042)');
    expect(message.text).toContain('Your ticket number is TOC-2026-00042.');
    expect(message.text).toContain('reply to rosa@allegheny.example by Monday 23 November 2026, 12:30 PM EST.');
    expect(message.text).toContain('Budget:       $20,000 to $45,000\n');
    expect(message.text).toContain('Your description:\n> Heat treat runs overtime while assembly waits.\n> We ship 60% of orders late.\n');
    expect(message.text).toContain(`${SITE}/book`);
    expect(message.calendar).toBeUndefined();
  });

  it('promises a partner by phone for critical inquiries, and offers no booking link', () => {
    const critical = inquiryAcknowledgement({ ...samples.inquiry, urgency: 'critical' }, context);
    expect(critical.text).toContain('a partner reads it first and will contact you on +1 412 555 0199 by Monday 23 November 2026, 12:30 PM EST.');
    expect(critical.text).not.toContain(`${SITE}/book`);
  });

  it('summarises a very long description', () => {
    const long = inquiryAcknowledgement({ ...samples.inquiry, problemDescription: 'x'.repeat(5000) }, context);
    expect(long.text).toContain(`> ${'x'.repeat(1500)} […]\n`);
  });

  it('escapes visitor text in HTML and keeps it readable in text', () => {
    const hostile = inquiryAcknowledgement(
      { ...samples.inquiry, companyName: 'Acme <script>alert(1)</script>', problemDescription: '<img src=x onerror=alert(1)> & "quotes"' },
      context,
    );
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(hostile.text).toContain('about Acme <script>alert(1)</script>.');
  });
});

describe('inquiryNotice', () => {
  const message = inquiryNotice(samples.inquiry, context);

  it('goes to the firm inbox with the urgency first, and replies go to the visitor', () => {
    expect(message.to).toEqual([INBOX]);
    expect(message.replyTo).toEqual({ name: 'Rosa Diaz', address: 'rosa@allegheny.example' });
    expect(message.subject).toBe('[HIGH] New inquiry TOC-2026-00042: Allegheny Castings');
    expect(message.text.split('\n\n')[1]).toBe('Urgency: high. We promised a reply by Monday 23 November 2026, 12:30 PM EST.');
    expect(message.text).toContain(`Open it in the staff inbox:\n${SITE}/staff/inquiries/inq_7Qm2x\n`);
    expect(message.html).toContain(`href="${SITE}/staff/inquiries/inq_7Qm2x"`);
  });

  it('says when no urgency was given', () => {
    expect(inquiryNotice({ ...samples.inquiry, urgency: null }, context).subject).toBe('[NO URGENCY GIVEN] New inquiry TOC-2026-00042: Allegheny Castings');
  });

  it('keeps a company name with CR/LF to one subject line', () => {
    expect(inquiryNotice({ ...samples.inquiry, companyName: 'Acme\r\nBcc: evil@x.example' }, context).subject).toBe(
      '[HIGH] New inquiry TOC-2026-00042: Acme Bcc: evil@x.example',
    );
  });
});

describe('bookingConfirmed', () => {
  const message = bookingConfirmed(samples.confirmedBooking, context);

  it('gives the time in the firm zone and UTC, the consultant, the meeting link, the deadline and the manage link', () => {
    expect(message.to).toEqual([SAM]);
    expect(message.subject).toBe('Confirmed: your consultation on Tue 1 Dec, 10:00 AM EST');
    expect(message.text).toContain('When:   Tuesday 1 December 2026, 10:00 AM to 11:00 AM EST\n');
    expect(message.text).toContain('In UTC: 15:00 to 16:00 UTC on 1 December 2026\n');
    expect(message.text).toContain('With:   Daniel Reyes\n');
    expect(message.text).toContain('Join:   https://meet.throughlinepartners.com/r00m42\n');
    expect(message.text).toContain('You can cancel or move the consultation yourself until Monday 30 November 2026, 10:00 AM EST.');
    expect(message.text).toContain(`Cancel or move your consultation:\n${SITE}/bookings/mgT0k3n_abc\n`);
    expect(message.html).toContain(`href="${SITE}/bookings/mgT0k3n_abc"`);
  });

  it('carries a REQUEST for this booking: UID, SEQUENCE and times from the data, manage link in the description', () => {
    expect(message.calendar?.method).toBe('REQUEST');
    const event = calendarOf(message);
    expect(event).toMatchObject({
      method: 'REQUEST',
      uid: 'booking-bkg_K3v9@www.throughlinepartners.com',
      sequence: 0,
      dtstart: '2026-12-01T15:00:00.000Z',
      dtend: '2026-12-01T16:00:00.000Z',
    });
    expect(event.description).toContain(`Cancel or move it until Monday 30 November 2026, 10:00 AM EST: ${SITE}/bookings/mgT0k3n_abc`);
    expect(event.description).toContain('What you told us: Packaging line bottleneck; changeovers, mostly, and a backlog of 3,000 cases');
  });

  it('encodes the token in the manage link', () => {
    expect(bookingConfirmed({ ...samples.confirmedBooking, manageToken: 'a/b?c' }, context).text).toContain(`${SITE}/bookings/a%2Fb%3Fc\n`);
  });
});

describe('bookingRequested', () => {
  const message = bookingRequested(samples.pendingBooking, context);

  it('says what happens next and by when, lists the suggested times, and sends no invitation', () => {
    expect(message.subject).toBe('We have your consultation request');
    expect(message.text).toContain('confirm a time with you by Monday 23 November 2026, 5:00 PM EST.');
    expect(message.text).toContain('- Tuesday 1 December 2026, 10:00 AM EST\n- Wednesday 2 December 2026, 2:00 PM EST\n');
    expect(message.text).toContain(`See your request:\n${SITE}/bookings/mgT0k3n_abc\n`);
    expect(message.calendar).toBeUndefined();
  });
});

describe('bookingChanged', () => {
  const message = bookingChanged(samples.bookingChange, context);

  it('shows the old and new time and sends a REQUEST with the same UID and a higher SEQUENCE', () => {
    expect(message.subject).toBe('Moved: your consultation is now Wed 2 Dec, 2:00 PM EST');
    expect(message.text).toContain('Now:    Wednesday 2 December 2026, 2:00 PM to 3:00 PM EST\n');
    expect(message.text).toContain('Was:    Tuesday 1 December 2026, 10:00 AM to 11:00 AM EST\n');
    expect(message.text).toContain(`${SITE}/bookings/mgT0k3n_abc`);
    const original = calendarOf(bookingConfirmed(samples.confirmedBooking, context));
    const changed = calendarOf(message);
    expect(changed).toMatchObject({
      method: 'REQUEST',
      uid: original.uid,
      sequence: 1,
      dtstart: '2026-12-02T19:00:00.000Z',
      dtend: '2026-12-02T20:00:00.000Z',
    });
  });

  it('apologises when staff moved it', () => {
    expect(bookingChanged({ ...samples.bookingChange, changedBy: 'staff' }, context).text).toContain(
      'We have had to move your consultation, and we are sorry for the change.',
    );
  });
});

describe('bookingCancelled', () => {
  it('withdraws a confirmed booking with METHOD:CANCEL, the same UID and a higher SEQUENCE', () => {
    const message = bookingCancelled(samples.bookingCancellation, context);
    expect(message.subject).toBe('Cancelled: your consultation on Tue 1 Dec, 10:00 AM EST');
    expect(message.text).toContain('Your consultation on Tuesday 1 December 2026, 10:00 AM EST is cancelled, as you asked.');
    expect(message.text).toContain(`Book another time:\n${SITE}/book\n`);
    expect(message.text).toContain(`See your booking:\n${SITE}/bookings/mgT0k3n_abc\n`);
    expect(message.calendar?.method).toBe('CANCEL');
    expect(calendarOf(message)).toMatchObject({
      method: 'CANCEL',
      uid: 'booking-bkg_K3v9@www.throughlinepartners.com',
      sequence: 2,
      dtstart: '2026-12-01T15:00:00.000Z',
    });
    expect(message.calendar?.ics).toContain('STATUS:CANCELLED\r\n');
  });

  it('sends no calendar for a pending request that was never in a calendar', () => {
    const message = bookingCancelled({ ...samples.bookingCancellation, wasConfirmed: false, cancelledBy: 'staff' }, context);
    expect(message.subject).toBe('Cancelled: your consultation request');
    expect(message.text).toContain('We have had to cancel your consultation request. We are sorry;');
    expect(message.calendar).toBeUndefined();
  });
});

describe('checkoutReceipt', () => {
  it('names the service, the amount with currency, the paid time, the status link and the report link', () => {
    const message = checkoutReceipt(samples.paidCheckout, context);
    expect(message.to).toEqual([LENA]);
    expect(message.subject).toBe('Receipt: Website Offer Audit, $1,450.00');
    expect(message.text).toContain('Amount:  $1,450.00 (USD)\nPaid:    Friday 20 November 2026, 11:05 AM EST\n');
    expect(message.text).toContain(`See your order:\n${SITE}/checkout/ck_t0ken\n`);
    expect(message.text).toContain(`Follow your report:\n${SITE}/reports/rp_t0ken\n`);
  });

  it('has no report link for a service without a report, and shows other currencies', () => {
    const message = checkoutReceipt(
      { ...samples.paidCheckout, reportToken: null, currency: 'EUR', amount: 980.5, to: { email: 'lena@northgate.example' } },
      context,
    );
    expect(message.subject).toBe('Receipt: Website Offer Audit, €980.50');
    expect(message.text.startsWith('Hello,\n')).toBe(true);
    expect(message.text).not.toContain('/reports/');
  });
});

describe('reportReady', () => {
  it('links the report, counts findings by severity and invites a consultation', () => {
    const message = reportReady(samples.readyReport, context);
    expect(message.subject).toBe('Your Website Offer Audit report is ready');
    expect(message.text).toContain('The report has 7 findings: 1 critical, 3 major, 2 minor and 1 for information.');
    expect(message.text).toContain(`Read your report:\n${SITE}/reports/rp_t0ken\n`);
    expect(message.text).toContain(`Book a consultation:\n${SITE}/book\n`);
  });

  it('words other counts and no counts', () => {
    expect(reportReady({ ...samples.readyReport, findingCounts: { critical: 1, major: 0, minor: 0, info: 0 } }, context).text).toContain(
      'The report has 1 finding: 1 critical.',
    );
    expect(reportReady({ ...samples.readyReport, findingCounts: { critical: 0, major: 3, minor: 2, info: 1 } }, context).text).toContain(
      'The report has 6 findings: 3 major, 2 minor and 1 for information.',
    );
    expect(reportReady({ ...samples.readyReport, findingCounts: { critical: 0, major: 0, minor: 0, info: 0 } }, context).text).toContain(
      'We found nothing that needs fixing.',
    );
    expect(reportReady({ ...samples.readyReport, findingCounts: null }, context).text).not.toContain('The report has');
  });
});

describe('reportFailedNotice', () => {
  it('tells the firm inbox what the buyer read, whom to write to, and where to run it again', () => {
    const message = reportFailedNotice(samples.failedReport, context);
    expect(message.to).toEqual([INBOX]);
    expect(message.subject).toBe('[REPORT FAILED] Website Offer Audit: a paid report could not be produced');
    expect(message.text).toContain('The page at https://northgate.example/offer did not answer within 20 seconds.');
    expect(message.text).toContain('The buyer left lena@northgate.example for the receipt.');
    expect(message.text).toContain(`Open it in the staff area:\n${SITE}/staff/reports/rp_t0ken\n`);
  });

  it('says so when the buyer left no address', () => {
    const message = reportFailedNotice({ ...samples.failedReport, buyerEmail: null }, context);
    expect(message.text).toContain('The buyer left no email address.');
    expect(message.text).not.toContain('lena@northgate.example');
  });
});

describe('systemAlert', () => {
  it('tells the alert inbox what failed, since when, how many, and where to look; the all-clear names when it cleared', () => {
    const alert = systemAlert(samples.systemAlert, context);
    expect(alert.to).toEqual([{ name: 'Throughline Partners site alerts', address: 'inbox@throughlinepartners.com' }]);
    expect(alert.subject).toBe(
      '[ALERT] Throughline Partners site: No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
    );
    expect(alert.text).toContain('Check:    jobRunner\nSince:    Friday 20 November 2026, 11:05 AM EST\nHow many: 0\n');
    expect(alert.text).toContain(`Open the system page:\n${SITE}/staff/system\n`);
    const cleared = systemAlertCleared({ ...samples.systemAlert, clearedAt: '2026-11-20T16:12:30Z' }, context);
    expect(cleared.subject).toBe(
      '[RESOLVED] Throughline Partners site: No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
    );
    expect(cleared.text).toContain('Cleared: Friday 20 November 2026, 11:12 AM EST\n');
  });
});
