import { DateTime } from 'luxon';
import { db } from '../lib/db/client';
import { submitInquiry } from '../lib/domain/inquiries/inquiries';
import type { StaffActor } from '../lib/domain/staff/roles';

/** A firm-local wall-clock time ("2026-11-16T10:00") as an instant. */
export const firmTime = (local: string) => DateTime.fromISO(local, { zone: 'America/New_York' }).toJSDate();

/** A staff account straight in the database (its password is never used), as an actor. */
export async function staffMember(displayName: string, role: StaffActor['role'] = 'sales'): Promise<StaffActor> {
  const id = `stf_${displayName.toLowerCase().replace(/\W+/g, '_')}`;
  const email = `${id}@throughline.example`;
  await db.staffUser.create({ data: { id, email, displayName, role, passwordHash: 'not-used' } });
  return { id, email, displayName, role };
}

/** The commitments of a record, oldest first, as the fields the tests compare. */
export async function commitmentRows(where: { inquiryNumber?: number; bookingId?: string; reportToken?: string }) {
  return db.commitment.findMany({
    where,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { kind: true, state: true, dueAt: true, createdAt: true, ownerId: true, keptAt: true, voidedAt: true, closedByName: true, closeNote: true },
  });
}

/** An inquiry from Rosa Diaz at `companyName`, submitted at `local` firm time on that injected clock; its id. */
export async function inquiryAt(local: string, urgency: 'critical' | 'high' | 'medium' | 'low', companyName: string): Promise<string> {
  const input = { companyName, contactName: 'Rosa Diaz', email: 'rosa@example.com', problemDescription: 'x', urgency };
  return (await submitInquiry(input, firmTime(local))).id;
}
