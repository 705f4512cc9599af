import { z } from 'zod';
import { db } from '@/lib/db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { opaqueId } from '../../core/tokens';
import { MIN_PASSWORD_LENGTH, hashPassword } from './passwords';
import { STAFF_ROLES } from './roles';
import type { StaffActor } from './roles';

export const NewStaffUser = z.object({
  email: z
    .email()
    .max(254)
    .transform((e) => e.toLowerCase()),
  displayName: z.string().trim().min(1).max(120),
  role: z.enum(STAFF_ROLES),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(256),
});

export class StaffAccountExistsError extends Error {}

/** Creates an account; the password is stored only as an argon2id hash. */
export async function createStaffUser(input: z.input<typeof NewStaffUser>): Promise<StaffActor> {
  const data = NewStaffUser.parse(input);
  try {
    const user = await db.staffUser.create({
      data: { id: opaqueId('stf'), email: data.email, displayName: data.displayName, role: data.role, passwordHash: await hashPassword(data.password) },
    });
    return { id: user.id, email: user.email, displayName: user.displayName, role: data.role };
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaffAccountExistsError(`A staff account for ${data.email} already exists.`);
    throw error;
  }
}
