import net from 'node:net';
import type { Attachment } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderEverySample, testMailContext } from '@/test-support/mail/mail-fixtures';
import * as samples from '@/test-support/mail/mail-samples';
import { calendarFacts } from '@/test-support/calendar-facts';
import { rawHeaders, REPLY_TO_MESSAGE_HEADERS } from '@/test-support/http/raw-headers';
import { startSmtpSink, type SmtpSink } from '@/test-support/mail/smtp-sink';
import { freePort } from '../../test-support/free-port.mjs';
import { deliver } from './deliver';
import { MailDeliveryError } from './delivery-error';
import { UnsafeAddressError } from './mailbox';
import type { RenderedMessage } from './rendered-message';
import { bookingConfirmed, inquiryAcknowledgement, inquiryNotice, reportReady } from './templates';
import { createMailTransport, SMTP_TIMEOUTS, type MailTransport } from './transport';

let sink: SmtpSink;
let transport: MailTransport;

beforeAll(async () => {
  sink = await startSmtpSink({ rejectRecipient: (address) => address.endsWith('@bounce.example') });
  transport = createMailTransport(sink.url)!;
});
afterEach(async () => {
  await sink.goUp();
  sink.clear();
});
afterAll(() => sink.stop());

/** What the outbox does: the message goes through JSON between rendering and sending. */
function stored(message: RenderedMessage): unknown {
  return JSON.parse(JSON.stringify(message));
}

function contentTypeParams(part: Attachment): Record<string, string> {
  return (part.headers.get('content-type') as { params: Record<string, string> }).params;
}

const context = testMailContext('out_e2e1');
const rendered = renderEverySample(context);
const kinds: Array<{ message: RenderedMessage; recipient: string; textIncludes: string; calendar?: { method: string; sequence: number; dtstart: string } }> = [
  { message: rendered['inquiry-acknowledgement'], recipient: 'rosa@allegheny.example', textIncludes: 'Your ticket number is TOC-2026-00042.' },
  {
    message: rendered['inquiry-notice'],
    recipient: 'inbox@throughlinepartners.com',
    textIncludes: 'https://www.throughlinepartners.com/staff/inquiries/inq_7Qm2x',
  },
  {
    message: rendered['booking-confirmed'],
    recipient: 'sam@ridgeline.example',
    textIncludes: 'https://www.throughlinepartners.com/bookings/mgT0k3n_abc',
    calendar: { method: 'REQUEST', sequence: 0, dtstart: '2026-12-01T15:00:00.000Z' },
  },
  { message: rendered['booking-requested'], recipient: 'sam@ridgeline.example', textIncludes: 'https://www.throughlinepartners.com/bookings/mgT0k3n_abc' },
  {
    message: rendered['booking-changed'],
    recipient: 'sam@ridgeline.example',
    textIncludes: 'Was:    Tuesday 1 December 2026, 10:00 AM to 11:00 AM EST',
    calendar: { method: 'REQUEST', sequence: 1, dtstart: '2026-12-02T19:00:00.000Z' },
  },
  {
    message: rendered['booking-cancelled'],
    recipient: 'sam@ridgeline.example',
    textIncludes: 'is cancelled, as you asked.',
    calendar: { method: 'CANCEL', sequence: 2, dtstart: '2026-12-01T15:00:00.000Z' },
  },
  { message: rendered['checkout-receipt'], recipient: 'lena@northgate.example', textIncludes: 'https://www.throughlinepartners.com/checkout/ck_t0ken' },
  { message: rendered['report-ready'], recipient: 'lena@northgate.example', textIncludes: 'https://www.throughlinepartners.com/reports/rp_t0ken' },
];

describe('deliver() to a real SMTP server', () => {
  it.each(kinds)(
    'sends $message.kind to exactly its recipient, with subject, text, HTML and the stored Message-ID',
    async ({ message, recipient, textIncludes, calendar }) => {
      const receipt = await deliver(transport, stored(message));
      expect(receipt).toEqual({ messageId: '<out_e2e1@www.throughlinepartners.com>', accepted: [recipient], rejected: [], response: '250 OK: message queued' });

      const [captured] = await sink.waitForMessages(1);
      expect(captured!.envelope).toEqual({ mailFrom: 'hello@throughlinepartners.com', rcptTo: [recipient] });
      const mail = captured!.parsed;
      expect(mail.messageId).toBe('<out_e2e1@www.throughlinepartners.com>');
      expect(mail.subject).toBe(message.subject);
      expect(mail.text).toBe(message.text);
      expect(mail.text).toContain(textIncludes);
      expect(mail.html).toBe(message.html);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');

      const calendarParts = mail.attachments.filter((part) => part.contentType === 'text/calendar');
      const icsFiles = mail.attachments.filter((part) => part.filename?.endsWith('.ics'));
      if (!calendar) {
        expect([calendarParts.length, icsFiles.length]).toEqual([0, 0]);
        return;
      }
      // The alternative part (what makes it an invitation) and the attachment carry the same event.
      expect(calendarParts).toHaveLength(1);
      expect(contentTypeParams(calendarParts[0]!).method).toBe(calendar.method);
      expect(calendarParts[0]!.contentDisposition).toBeUndefined();
      expect(icsFiles).toHaveLength(1);
      expect(icsFiles[0]!.contentDisposition).toBe('attachment');
      expect(icsFiles[0]!.filename).toBe(calendar.method === 'CANCEL' ? 'cancellation.ics' : 'invitation.ics');
      for (const part of [calendarParts[0]!, icsFiles[0]!]) {
        expect(calendarFacts(part.content.toString('utf8'))).toMatchObject({ ...calendar, uid: 'booking-bkg_K3v9@www.throughlinepartners.com' });
      }
    },
  );
});

describe('stored attachments', () => {
  it('are sent as files with their type and bytes', async () => {
    const csv = 'severity,title\nhigh,"No price on the offer page"\n';
    const message = {
      ...reportReady(samples.readyReport, context),
      attachments: [{ filename: 'findings.csv', contentType: 'text/csv', contentBase64: Buffer.from(csv).toString('base64') }],
    };
    await deliver(transport, stored(message));
    const [captured] = await sink.waitForMessages(1);
    const files = captured!.parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('utf8') }));
    expect(files).toEqual([{ filename: 'findings.csv', contentType: 'text/csv', content: csv }]);
  });
});

describe('header injection', () => {
  const evilName = 'Eve\r\nBcc: evil@x.example\r\nX-Injected: yes';
  const evilCompany = 'Acme\r\nBcc: evil@x.example';

  it('a name or company with CR/LF adds no header and no recipient, in the raw message or the SMTP envelope', async () => {
    const messages = [
      bookingConfirmed({ ...samples.confirmedBooking, name: evilName }, testMailContext('out_inj1')),
      inquiryNotice({ ...samples.inquiry, contactName: evilName, companyName: evilCompany }, testMailContext('out_inj2')),
      inquiryAcknowledgement({ ...samples.inquiry, contactName: evilName, companyName: evilCompany }, testMailContext('out_inj3')),
    ];
    for (const message of messages) await deliver(transport, stored(message));
    const captured = await sink.waitForMessages(3);

    expect(captured.map((c) => c.envelope.rcptTo)).toEqual([['sam@ridgeline.example'], ['inbox@throughlinepartners.com'], ['rosa@allegheny.example']]);
    for (const message of captured) {
      expect(rawHeaders(message).map(([name]) => name)).toEqual(REPLY_TO_MESSAGE_HEADERS);
      expect(message.parsed.bcc).toBeUndefined();
      expect(message.parsed.cc).toBeUndefined();
      expect(message.parsed.headers.has('x-injected')).toBe(false);
      // Outside quotations the name stays on one line in the body too.
      expect(message.parsed.text).toContain('Eve Bcc: evil@x.example X-Injected: yes');
    }
    expect(captured[0]!.parsed.to).toMatchObject({ value: [{ name: 'Eve Bcc: evil@x.example X-Injected: yes', address: 'sam@ridgeline.example' }] });
    // The notice's Reply-To is the visitor: still one mailbox, with the name made harmless.
    expect(captured[1]!.parsed.replyTo).toMatchObject({ value: [{ name: 'Eve Bcc: evil@x.example X-Injected: yes', address: 'rosa@allegheny.example' }] });
    expect(captured[1]!.parsed.subject).toBe('[HIGH] New inquiry TOC-2026-00042: Acme Bcc: evil@x.example');
  });

  it('an address that is not one mailbox is refused when the message is rendered', () => {
    expect(() => bookingConfirmed({ ...samples.confirmedBooking, email: 'sam@ridgeline.example\r\nBcc: evil@x.example' }, context)).toThrow(UnsafeAddressError);
    expect(() => inquiryAcknowledgement({ ...samples.inquiry, email: 'rosa@allegheny.example, evil@x.example' }, context)).toThrow(UnsafeAddressError);
  });

  it('a stored message edited to carry a header or a second recipient is refused without sending, for good', async () => {
    const message = stored(bookingConfirmed(samples.confirmedBooking, context)) as RenderedMessage;
    const tampered = [
      { ...message, to: [{ name: 'Sam', address: 'sam@ridgeline.example, evil@x.example' }] },
      { ...message, to: [{ name: 'Sam\r\nBcc: evil@x.example', address: 'sam@ridgeline.example' }] },
      { ...message, subject: 'Hi\r\nBcc: evil@x.example' },
      { ...message, messageId: '<a@b>\r\nBcc: evil@x.example' },
    ];
    for (const bad of tampered) {
      const error = await deliver(transport, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      expect((error as MailDeliveryError).retryable).toBe(false);
      expect((error as MailDeliveryError).message).toMatch(/^The stored message is not valid: /);
    }
    expect(sink.messages).toHaveLength(0);
  });
});

describe('failures the send job handles', () => {
  const message = stored(inquiryAcknowledgement(samples.inquiry, testMailContext('out_retry1')));

  it('server answering 421, then refusing connections: retryable errors; back up: the same message arrives once, same Message-ID', async () => {
    await sink.goDown('temporary-failure');
    const busy = (await deliver(transport, message).catch((e: unknown) => e)) as MailDeliveryError;
    expect(busy).toBeInstanceOf(MailDeliveryError);
    expect([busy.retryable, busy.responseCode]).toEqual([true, 421]);

    await sink.goDown('refuse-connections');
    const down = (await deliver(transport, message).catch((e: unknown) => e)) as MailDeliveryError;
    expect(down).toBeInstanceOf(MailDeliveryError);
    expect([down.retryable, down.responseCode, down.code]).toEqual([true, null, 'ESOCKET']);
    expect(sink.messages).toHaveLength(0);

    await sink.goUp();
    const receipt = await deliver(transport, message);
    expect(receipt.accepted).toEqual(['rosa@allegheny.example']);
    const captured = await sink.waitForMessages(1);
    expect(captured).toHaveLength(1);
    expect(captured[0]!.parsed.messageId).toBe('<out_retry1@www.throughlinepartners.com>');
  });

  it('a recipient the server rejects (550) is a permanent failure', async () => {
    const bounced = stored(inquiryAcknowledgement({ ...samples.inquiry, email: 'rosa@bounce.example' }, context));
    const error = (await deliver(transport, bounced).catch((e: unknown) => e)) as MailDeliveryError;
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect([error.retryable, error.responseCode]).toEqual([false, 550]);
  });

  it('a server that accepts the connection but never greets fails after the greeting timeout, retryably', async () => {
    const silent = net.createServer(() => {});
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const error = (await deliver(createMailTransport(`smtp://127.0.0.1:${port}`, { greetingTimeout: 300 })!, message).catch(
        (e: unknown) => e,
      )) as MailDeliveryError;
      expect([error.retryable, error.code]).toEqual([true, 'ETIMEDOUT']);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});

describe('createMailTransport', () => {
  it('is null without SMTP_URL, so messages stay in the outbox', () => {
    expect(createMailTransport(undefined)).toBeNull();
    expect(createMailTransport('')).toBeNull();
  });

  it('fails fast by default: seconds, not nodemailer’s minutes', () => {
    expect(SMTP_TIMEOUTS).toEqual({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 });
  });

  it('signs in with the credentials in SMTP_URL', async () => {
    const withUser = createMailTransport(sink.url.replace('smtp://', 'smtp://mailer:s3cret@'))!;
    await deliver(withUser, stored(reportReady(samples.readyReport, context)));
    const [captured] = await sink.waitForMessages(1);
    expect(captured!.authUser).toBe('mailer');
  });

  it('pooled, sends message after message over kept connections, each with its own stored Message-ID', async () => {
    const pooled = createMailTransport(sink.url, {}, { pooled: true })!;
    try {
      const messages = ['out_pool1', 'out_pool2', 'out_pool3'].map((id) => stored(reportReady(samples.readyReport, testMailContext(id))));
      const receipts = [];
      for (const message of messages) receipts.push(await deliver(pooled, message));
      expect(receipts.map((r) => [r.messageId, r.accepted])).toEqual(
        ['out_pool1', 'out_pool2', 'out_pool3'].map((id) => [`<${id}@www.throughlinepartners.com>`, ['lena@northgate.example']]),
      );
      expect((await sink.waitForMessages(3)).map((m) => m.parsed.messageId)).toEqual(receipts.map((r) => r.messageId));
    } finally {
      pooled.close();
    }
  });
});
