import { beforeAll, describe, expect, it } from 'vitest';
import { firmTime, staffMember } from '@/test-support/commitments';
import { getAvailability } from '../bookings/request-booking';
import { submitInquiry } from '../inquiries/inquiries';
import { transitionInquiry } from '../staff/inbox';
import type { StaffActor } from '../staff/roles';
import { averageResponseTime, describeBusinessHours, RESPONSE_TIME_MIN_REPLIES } from './response-time';

const NOW = firmTime('2026-11-18T12:00');

let dana: StaffActor;
beforeAll(async () => {
  dana = await staffMember('Dana Reyes');
});

/** An inquiry that arrived at `arrived` (firm time) and was answered at `answered`. */
async function answered(arrived: string, answeredAt: string) {
  const { id } = await submitInquiry({ companyName: 'Acme', contactName: 'Jo', email: 'jo@acme.example', problemDescription: 'x' }, firmTime(arrived));
  await transitionInquiry(dana, id, 'reviewed', undefined, firmTime(answeredAt));
}

describe('describeBusinessHours', () => {
  it('speaks in whole business hours under two business days, in business days from there, never under an hour', () => {
    expect(describeBusinessHours(0.2)).toBe('1 business hour');
    expect(describeBusinessHours(1.4)).toBe('1 business hour');
    expect(describeBusinessHours(4)).toBe('4 business hours');
    expect(describeBusinessHours(15.4)).toBe('15 business hours');
    expect(describeBusinessHours(16)).toBe('2 business days');
    expect(describeBusinessHours(27)).toBe('3 business days');
  });
});

describe('Availability.averageResponseTime', () => {
  it('is the configured figure while fewer than 10 replies were kept in the last 90 days, then their mean in business hours', async () => {
    expect(RESPONSE_TIME_MIN_REPLIES).toBe(10);
    expect(await averageResponseTime(NOW)).toBe('4 business hours');
    // 100 days ago, and slow: outside the window, never counted.
    await answered('2026-08-10T10:00', '2026-08-14T10:00');
    // Nine replies: two business hours each (Monday 10:00 to 12:00), one of them a Friday 16:00 inquiry answered Monday 10:00.
    for (const day of ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-10-19', '2026-10-12', '2026-10-05', '2026-09-28']) {
      await answered(`${day}T10:00`, `${day}T12:00`);
    }
    await answered('2026-11-13T16:00', '2026-11-16T10:00');
    expect(await averageResponseTime(NOW)).toBe('4 business hours');
    // The tenth: nine business hours (Tuesday 10:00 to Wednesday 11:00). Mean (9 × 2 + 9) / 10 = 2.7.
    await answered('2026-11-17T10:00', '2026-11-18T11:00');
    expect(await averageResponseTime(NOW)).toBe('3 business hours');
    // Two more of 30 business hours (Monday 10:00 to Thursday 16:00): (27 + 60) / 12 = 7.25.
    await answered('2026-11-02T10:00', '2026-11-05T16:00');
    await answered('2026-11-09T10:00', '2026-11-12T16:00');
    expect(await averageResponseTime(NOW)).toBe('7 business hours');
    expect((await getAvailability(NOW)).averageResponseTime).toBe('7 business hours');
    // 90 days on, every one of them has left the window: the configured figure again.
    expect(await averageResponseTime(firmTime('2027-02-20T12:00'))).toBe('4 business hours');
  });
});
