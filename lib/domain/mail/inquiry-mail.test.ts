import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { submitInquiry } from '../inquiries/inquiries';

const NOW = new Date('2026-12-01T14:30:00Z'); // Tuesday 09:30 in New York

beforeEach(async () => {
  await db.outboxMessage.deleteMany();
});

/** Submits an inquiry on the test's clock, with the messages stored with it: their kinds, and each by its kind. */
async function submitWithMessages(request: Parameters<typeof submitInquiry>[0]) {
  const response = await submitInquiry(request, NOW);
  const messages = await storedMessages({ type: 'inquiry', id: response.id });
  const ofKind = (kind: string) => messages.find((message) => message.kind === kind);
  return {
    response,
    kinds: messages.map((message) => message.kind).sort(),
    acknowledgement: ofKind('inquiry-acknowledgement'),
    notice: ofKind('inquiry-notice'),
  };
}

describe('messages about an inquiry', () => {
  it('stores the acknowledgement to the visitor and the notice to the firm with the inquiry', async () => {
    const { response, kinds, acknowledgement, notice } = await submitWithMessages({
      companyName: 'Allegheny Castings',
      contactName: 'Rosa Diaz',
      email: 'rosa@allegheny.example',
      phone: '+1 412 555 0199',
      problemDescription: 'Heat treat runs overtime while assembly waits.',
      urgency: 'high',
      preferredServices: ['operations-constraint-diagnostic', 'Something else'],
      budget: { min: 20000, max: 45000, currency: 'USD' },
    });
    expect(kinds).toEqual(['inquiry-acknowledgement', 'inquiry-notice']);
    expect(acknowledgement).toMatchObject({ kind: 'inquiry-acknowledgement', status: 'queued', recipients: ['rosa@allegheny.example'] });
    expect(acknowledgement!.message.subject).toBe(`We have your inquiry (${response.supportTicket})`);
    expect(acknowledgement!.message.text).toContain(`Your ticket number is ${response.supportTicket}.`);
    // Eight business hours after 09:30 on Tuesday: 09:30 on Wednesday, named in the firm's zone.
    expect(acknowledgement!.message.text).toContain('by Wednesday 2 December 2026, 9:30 AM EST');
    expect(acknowledgement!.message.text).toContain('Services: Operations Constraint Diagnostic, Something else\nBudget:   $20,000 to $45,000\n');

    // No FIRM_INBOX_EMAIL: the notice goes to the company profile's contact address, and replies go to the visitor.
    expect(notice).toMatchObject({ kind: 'inquiry-notice', recipients: ['hello@throughlinepartners.com'] });
    expect(notice!.message.subject).toBe(`[HIGH] New inquiry ${response.supportTicket}: Allegheny Castings`);
    expect(notice!.message.replyTo).toEqual({ name: 'Rosa Diaz', address: 'rosa@allegheny.example' });
    expect(notice!.message.text).toContain(`http://localhost:3000/staff/inquiries/${response.id}`);
  });

  it('keeps a name with line breaks to one harmless line, and the recipient to the one address given', async () => {
    const { response, acknowledgement, notice } = await submitWithMessages({
      companyName: 'Acme\r\nBcc: all@evil.example',
      contactName: 'Eve\r\nBcc: victim@evil.example',
      email: 'eve@acme.example',
      problemDescription: 'x',
    });
    expect(acknowledgement!.message.to).toEqual([{ name: 'Eve Bcc: victim@evil.example', address: 'eve@acme.example' }]);
    expect(notice!.message.subject).toBe(`[NO URGENCY GIVEN] New inquiry ${response.supportTicket}: Acme Bcc: all@evil.example`);
  });

  it('stores and shows a budget at the contract limit, 10^9 major units (past a 32-bit column in minor units)', async () => {
    const { response, acknowledgement } = await submitWithMessages({
      companyName: 'Very Large Holdings',
      contactName: 'Rosa Diaz',
      email: 'rosa@large.example',
      problemDescription: 'Everything, everywhere.',
      budget: { min: 999_999_999.99, max: 1_000_000_000, currency: 'USD' },
    });
    expect(await db.inquiry.findUniqueOrThrow({ where: { id: response.id }, select: { budgetMinMinor: true, budgetMaxMinor: true } })).toEqual({
      budgetMinMinor: 99_999_999_999n,
      budgetMaxMinor: 100_000_000_000n,
    });
    expect(acknowledgement!.message.text).toMatch(/\nBudget: +\$999,999,999\.99 to \$1,000,000,000\n/);
  });
});
