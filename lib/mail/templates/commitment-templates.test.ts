import { describe, expect, it } from 'vitest';
import { testMailContext } from '@/test-support/mail/mail-fixtures';
import * as samples from '@/test-support/mail/mail-samples';
import { commitmentMissed, commitmentReminder, promisesDigest } from '.';

// Rendered at TEST_NOW, Friday 20 November 2026 12:00 UTC (07:00 in New York).
const context = testMailContext('out_c1');
const INBOX = { name: 'Throughline Partners', address: 'inbox@throughlinepartners.com' };

describe('commitmentReminder', () => {
  it('tells the owner what falls due, for whom and when, with the link to the record', () => {
    const message = commitmentReminder(samples.commitment, [samples.salesOwner], context);
    expect(message.to).toEqual([samples.salesOwner]);
    expect(message.subject).toBe('[DUE Fri 20 Nov, 7:45 AM EST] Reply to inquiry TOC-2026-00042 (Rosa Diaz, Allegheny Castings)');
    expect(message.text).toContain('Dana Reyes, a promise you own falls due in 45 min.\n\nKeep it before the due time, or hand it to someone who can.\n');
    expect(message.text).toContain(
      [
        'Promise: Reply to inquiry TOC-2026-00042',
        'To:      Rosa Diaz, Allegheny Castings',
        'Due:     Friday 20 November 2026, 7:45 AM EST',
        'Owner:   Dana Reyes',
      ].join('\n'),
    );
    expect(message.text).toContain('Open it in the staff area:\nhttps://www.throughlinepartners.com/staff/inquiries/inq_7Qm2x\n');
    expect(message.html).toContain('href="https://www.throughlinepartners.com/staff/inquiries/inq_7Qm2x"');
  });

  it('asks the firm inbox to find an owner when nobody has it, and names the requested time of a booking', () => {
    const message = commitmentReminder(
      { ...samples.commitment, kindLabel: 'Booking decision', ownerName: null, requestedStart: '2026-11-24T16:00:00Z', promise: 'Confirm or decline' },
      [INBOX],
      context,
    );
    expect(message.text).toContain(
      'A promise nobody owns yet falls due in 45 min.\n\nAssign it to someone in the staff area, or keep it yourself before the due time.',
    );
    expect(message.text).toContain('Requested time: Tuesday 24 November 2026, 11:00 AM EST\nOwner:          nobody yet');
  });
});

describe('commitmentMissed', () => {
  it('goes to the owner and the admins with why it was missed', () => {
    const message = commitmentMissed(samples.missedCommitment, [samples.salesOwner, samples.admin], context);
    expect(message.to).toEqual([samples.salesOwner, samples.admin]);
    expect(message.subject).toBe('[MISSED] Reply to inquiry TOC-2026-00042 (Rosa Diaz, Allegheny Castings) was due Fri 20 Nov, 6:25 AM EST');
    expect(message.text).toContain('A promise was missed: inquiry reply to Rosa Diaz, Allegheny Castings.\n\nIt is still open.');
    expect(message.text).toContain('Why:\n> Assigned to Dana Reyes; no reply was logged and the inquiry was still submitted at the due time.\n');
  });
});

describe('promisesDigest', () => {
  it('gives the week by kind, the rate, and the worst misses', () => {
    const message = promisesDigest(samples.promisesDigest, [samples.admin], context);
    expect(message.to).toEqual([samples.admin]);
    expect(message.subject).toBe('Promises kept, 9 to 15 November 2026: 85% on time');
    expect(message.text).toContain('Last week we made 20 promises with a time on them. Of those that fell due, 17 kept on time, 2 late and 1 missed.');
    expect(message.text).toContain('Inquiry replies:    14 made, 12 kept on time, 1 kept late, 1 missed\n');
    expect(message.text).toContain(
      'THE WORST MISSES\n\n- Deliver the Local Visibility Audit of Sunrise Plumbing, Erie (Joe Marsh), due Thu 12 Nov, 12:00 PM EST: kept 1 d 3 h late. Sam Lee was still writing the report at the due time.\n',
    );
  });

  it('leaves the misses out when there were none', () => {
    const message = promisesDigest({ ...samples.promisesDigest, worstMisses: [] }, [samples.admin], context);
    expect(message.text).not.toContain('WORST');
  });
});
