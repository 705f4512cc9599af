import type { Prisma } from '@/lib/generated/prisma/client';
import { isValidEmail, mailbox, webhookEndpointDisabled, type MailSettings } from '@/lib/mail';
import type { JobEnqueuer } from '../../jobs/job-transaction';
import { enqueueMail } from './outbox';

/**
 * "A webhook endpoint was disabled", to every active admin (they are the ones who can enable it again), in the
 * transaction that disables it, so each disabling is told once. Returns how many messages were stored.
 */
export async function enqueueEndpointDisabledNotices(
  tx: Prisma.TransactionClient,
  jobs: JobEnqueuer,
  endpoint: { id: string; url: string; description: string; reason: string },
  settings: MailSettings,
): Promise<number> {
  const admins = await tx.staffUser.findMany({ where: { role: 'admin', active: true }, select: { displayName: true, email: true }, orderBy: { email: 'asc' } });
  // An account whose address cannot take mail must not keep the others from hearing.
  const reachable = admins.filter((admin) => isValidEmail(admin.email));
  for (const admin of reachable) {
    await enqueueMail(tx, jobs, {
      settings,
      about: { type: 'webhook-endpoint', id: endpoint.id },
      render: (context) =>
        webhookEndpointDisabled(
          {
            to: mailbox(admin.displayName, admin.email),
            endpointId: endpoint.id,
            url: endpoint.url,
            description: endpoint.description,
            reason: endpoint.reason,
          },
          context,
        ),
    });
  }
  return reachable.length;
}
