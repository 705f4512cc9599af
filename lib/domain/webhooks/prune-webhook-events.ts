import { db } from '@/lib/db/client';

/**
 * Events are kept this long, with their deliveries and attempts: far past the last retry (about 28 hours), and long
 * enough for an endpoint disabled for a while to replay what it missed.
 */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 86_400_000;

/** Deletes events past their retention, their deliveries and attempt logs with them. */
export async function pruneWebhookEvents(now: Date): Promise<number> {
  const { count } = await db.webhookEvent.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_MS) } } });
  return count;
}
