import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { db } from '../../lib/db/client';
import type { StaffActor } from '../../lib/domain/staff/roles';
import { startWebhookReceiver } from './webhook-receiver';
import type { WebhookReceiver } from './webhook-receiver';
import { webhookAdmin } from './webhook-test-kit';

/** What a test file's deliveries need, set once its beforeAll hooks have run. */
export interface DeliveryTestBed {
  admin: StaffActor;
  receiver: WebhookReceiver;
}

/**
 * The hooks of a test file about deliveries: an admin and a receiver on the test's clock for the whole file (in the bed
 * returned, and handed to `ready` for files that keep them in variables of their own); before each test no endpoints,
 * events, jobs or outbox messages, and a receiver that acknowledges everything and has seen nothing; after each, no
 * delivery the receiver refused to verify.
 */
export function deliveryTestBed(now: () => Date, ready?: (admin: StaffActor, receiver: WebhookReceiver) => void): DeliveryTestBed {
  const bed = {} as DeliveryTestBed;
  beforeAll(async () => {
    bed.admin = await webhookAdmin();
    bed.receiver = await startWebhookReceiver({ now });
    ready?.(bed.admin, bed.receiver);
  });
  afterAll(() => bed.receiver?.close());
  beforeEach(async () => {
    await db.webhookEndpoint.deleteMany();
    await db.webhookEvent.deleteMany();
    await db.job.deleteMany();
    await db.outboxMessage.deleteMany();
    bed.receiver.deliveries.length = 0;
    bed.receiver.answerWith(undefined);
  });
  afterEach(() => expect(bed.receiver.rejected).toEqual([]));
  return bed;
}
