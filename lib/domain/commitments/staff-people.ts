import { db } from '@/lib/db/client';
import type { MailAddress } from '@/lib/mail';
import { mailbox } from '@/lib/mail';

/** Who may own a commitment: active staff who work the inbox and reports (sales and admins). */
export async function assignableStaff(): Promise<{ id: string; displayName: string }[]> {
  return db.staffUser.findMany({
    where: { active: true, role: { in: ['sales', 'admin'] } },
    select: { id: true, displayName: true },
    orderBy: { displayName: 'asc' },
  });
}

/** Every active admin, as a mailbox: they hear of every miss, and get the weekly digest. */
export async function adminMailboxes(): Promise<MailAddress[]> {
  const admins = await db.staffUser.findMany({ where: { active: true, role: 'admin' }, select: { displayName: true, email: true }, orderBy: { email: 'asc' } });
  return admins.map((admin) => mailbox(admin.displayName, admin.email));
}
