import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { firmTime, staffMember } from '@/test-support/commitments';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { submitInquiry } from '../inquiries/inquiries';
import type { StaffActor } from '../staff/roles';
import { watchCommitments } from './commitment-watch';
import { assignCommitment } from './staff-commitments';

/** Monday 16 November 2026, 10:00 New York: a medium inquiry now is due Wednesday 10:00. */
const NOW = firmTime('2026-11-16T10:00');
const DUE = firmTime('2026-11-18T10:00');
const minutesFromDue = (minutes: number) => new Date(DUE.getTime() + minutes * 60_000);
const FIRM_INBOX = 'hello@throughlinepartners.com';

let dana: StaffActor;
let margaret: StaffActor;
beforeAll(async () => {
  dana = await staffMember('Dana Reyes');
  margaret = await staffMember('Margaret Okafor', 'admin');
  await staffMember('Retired Admin', 'admin').then((retired) => db.staffUser.update({ where: { id: retired.id }, data: { active: false } }));
});

async function promiseReply(companyName: string) {
  const { id } = await submitInquiry({ companyName, contactName: 'Rosa Diaz', email: 'rosa@allegheny.example', problemDescription: 'Late orders.' }, NOW);
  const { number } = await db.inquiry.findUniqueOrThrow({ where: { id } });
  const commitment = await db.commitment.findFirstOrThrow({ where: { inquiryNumber: number } });
  const mail = async () => (await storedMessages({ type: 'inquiry', id })).filter((m) => m.kind.startsWith('commitment-'));
  return { inquiryId: id, commitmentId: commitment.id, mail };
}

async function clearPending() {
  await db.commitment.updateMany({ where: { state: 'open' }, data: { state: 'void' } });
}

describe('the commitments watch', () => {
  it('reminds the firm inbox of an unassigned promise once, within the lead time, and the owner of an assigned one', async () => {
    await clearPending();
    const unowned = await promiseReply('Unowned Ltd');
    const owned = await promiseReply('Owned Ltd');
    await assignCommitment(dana, owned.commitmentId, dana.id);

    expect(await watchCommitments(minutesFromDue(-61), { leadMinutes: 60 })).toEqual({ reminded: 0, missed: 0 });
    expect(await watchCommitments(minutesFromDue(-60), { leadMinutes: 60 })).toEqual({ reminded: 2, missed: 0 });
    expect(await watchCommitments(minutesFromDue(-30), { leadMinutes: 60 })).toEqual({ reminded: 0, missed: 0 });

    const [toInbox] = await unowned.mail();
    expect(toInbox).toMatchObject({ kind: 'commitment-reminder', recipients: [FIRM_INBOX] });
    expect(toInbox!.message.subject).toMatch(/^\[DUE Wed 18 Nov, 10:00 AM EST\] Reply to inquiry TOC-2026-\d{5} \(Rosa Diaz, Unowned Ltd\)$/);
    expect(toInbox!.message.text).toContain('A promise nobody owns yet falls due in 1 h.');
    const [toDana] = await owned.mail();
    expect(toDana).toMatchObject({ kind: 'commitment-reminder', recipients: [dana.email] });
    expect(toDana!.message.text).toContain('Dana Reyes, a promise you own falls due in 1 h.');
    expect((await db.commitment.findUniqueOrThrow({ where: { id: owned.commitmentId } })).remindedAt).toEqual(minutesFromDue(-60));
  });

  it('marks a promise missed at its due time, with why, and tells the owner and the active admins once', async () => {
    await clearPending();
    const reply = await promiseReply('Missed Ltd');
    await assignCommitment(dana, reply.commitmentId, dana.id);
    expect(await watchCommitments(minutesFromDue(-1), { leadMinutes: 0.5 })).toEqual({ reminded: 0, missed: 0 });
    // Two watches at once (one slow, one on time): one notice.
    const racing = await Promise.all([watchCommitments(DUE, { leadMinutes: 60 }), watchCommitments(DUE, { leadMinutes: 60 })]);
    expect(racing.reduce((sum, outcome) => sum + outcome.missed, 0)).toBe(1);
    expect(await watchCommitments(minutesFromDue(5))).toEqual({ reminded: 0, missed: 0 });

    const stored = await db.commitment.findUniqueOrThrow({ where: { id: reply.commitmentId } });
    expect(stored).toMatchObject({
      state: 'missed',
      missedAt: DUE,
      missReason: 'Assigned to Dana Reyes; no reply was logged and the inquiry was still submitted at the due time.',
      remindedAt: null,
    });
    const notices = await reply.mail();
    expect(notices.map((m) => [m.kind, m.recipients])).toEqual([['commitment-missed', [dana.email, margaret.email]]]);
    expect(notices[0]!.message.subject).toMatch(/^\[MISSED\] Reply to inquiry TOC-2026-\d+ \(Rosa Diaz, Missed Ltd\) was due Wed 18 Nov, 10:00 AM EST$/);
    expect(notices[0]!.message.text).toContain('Assigned to Dana Reyes; no reply was logged');
  });

  it('sends no reminder for a promise already past due (the notice of the miss says more), and reports an unowned one to the inbox', async () => {
    await clearPending();
    const reply = await promiseReply('Quiet Ltd');
    expect(await watchCommitments(minutesFromDue(1), { leadMinutes: 60 })).toEqual({ reminded: 0, missed: 1 });
    const notices = await reply.mail();
    expect(notices.map((m) => [m.kind, m.recipients])).toEqual([['commitment-missed', [FIRM_INBOX, margaret.email]]]);
    expect((await db.commitment.findUniqueOrThrow({ where: { id: reply.commitmentId } })).missReason).toBe(
      'Nobody was assigned; no reply was logged and the inquiry was still submitted at the due time.',
    );
  });

  it('sends the reminder and the miss notice of a deactivated owner to the firm inbox, naming the owner', async () => {
    await clearPending();
    const leaver = await staffMember('Lee Leaver');
    const reply = await promiseReply('Leavers Ltd');
    await assignCommitment(dana, reply.commitmentId, leaver.id);
    await db.staffUser.update({ where: { id: leaver.id }, data: { active: false } });

    expect(await watchCommitments(minutesFromDue(-60), { leadMinutes: 60 })).toEqual({ reminded: 1, missed: 0 });
    expect(await watchCommitments(DUE, { leadMinutes: 60 })).toEqual({ reminded: 0, missed: 1 });
    const [reminder, notice] = await reply.mail();
    expect([reminder!.kind, reminder!.recipients, notice!.kind, notice!.recipients]).toEqual([
      'commitment-reminder',
      [FIRM_INBOX],
      'commitment-missed',
      [FIRM_INBOX, margaret.email],
    ]);
    expect(reminder!.message.text).toContain('A promise owned by Lee Leaver, whose account is no longer active, falls due in 1 h.');
    expect(reminder!.message.text).toContain('Assign it to someone in the staff area, or keep it yourself before the due time.');
    for (const message of [reminder!, notice!]) expect(message.message.text).toContain('Lee Leaver (account no longer active)');
  });

  it('leaves kept and void promises alone', async () => {
    await clearPending();
    const reply = await promiseReply('Kept Ltd');
    await db.commitment.update({ where: { id: reply.commitmentId }, data: { state: 'kept', keptAt: NOW } });
    expect(await watchCommitments(minutesFromDue(60))).toEqual({ reminded: 0, missed: 0 });
    expect(await reply.mail()).toEqual([]);
  });
});
