import { db } from '@/lib/db/client';
import { isUniqueViolation } from '../db/db-errors';
import { DomainError } from '../core/errors';

/** Keys are remembered this long; a later reuse starts afresh. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;
/** A first request still "in progress" after this long died mid-way; a retry may take its key over. */
const STALE_IN_PROGRESS_MS = 60_000;

export type IdempotencyClaim = { replay: false } | { replay: true; status: number; body: string };

/**
 * Claims `key` for this request, or finds the response to replay. The same key with a different
 * request is refused, so a client bug cannot silently return another request's result.
 */
async function claimIdempotencyKey(operation: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
  const where = { operation_key: { operation, key } };
  try {
    await db.idempotencyRecord.create({ data: { operation, key, requestHash } });
    return { replay: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const existing = await db.idempotencyRecord.findUnique({ where });
  const age = existing ? Date.now() - existing.createdAt.getTime() : Infinity;
  if (!existing || age > IDEMPOTENCY_RETENTION_MS || (existing.status === null && age > STALE_IN_PROGRESS_MS)) {
    await db.idempotencyRecord.upsert({
      where,
      create: { operation, key, requestHash },
      update: { requestHash, status: null, responseBody: null, createdAt: new Date() },
    });
    return { replay: false };
  }
  if (existing.requestHash !== requestHash) {
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request. Use a new key for a new request.');
  }
  if (existing.status === null || existing.responseBody === null) {
    throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed. Retry in a moment.');
  }
  return { replay: true, status: existing.status, body: existing.responseBody };
}

async function recordIdempotentResponse(operation: string, key: string, status: number, body: string): Promise<void> {
  await db.idempotencyRecord.update({ where: { operation_key: { operation, key } }, data: { status, responseBody: body } });
}

/** The first request failed: free the key so the client can retry, with this body or a corrected one. */
async function releaseIdempotencyKey(operation: string, key: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { operation, key, status: null } });
}

const WAIT_STEP_MS = 100;

/** Claims the key; optionally waits while a concurrent first request with the same key is still running. */
async function claimWaiting(operation: string, key: string, requestHash: string, waitMs: number): Promise<IdempotencyClaim> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    try {
      return await claimIdempotencyKey(operation, key, requestHash);
    } catch (error) {
      const inUse = error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_IN_USE';
      if (!inUse || waited >= waitMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
}

export interface IdempotentOutcome {
  status: number;
  body: string;
  replayed: boolean;
}

/**
 * Runs `produce` at most once per (operation, key): a repeat of the same request gets the first
 * successful answer back; a failed answer (status 400 or more, or a throw) frees the key for a retry.
 * The API and the site's forms both go through here.
 */
export async function runOnce(
  operation: string,
  key: string,
  requestHash: string,
  produce: () => Promise<{ status: number; body: string }>,
  { waitWhileInUseMs = 0 } = {},
): Promise<IdempotentOutcome> {
  const claim = await claimWaiting(operation, key, requestHash, waitWhileInUseMs);
  if (claim.replay) return { status: claim.status, body: claim.body, replayed: true };
  try {
    const result = await produce();
    if (result.status < 400) await recordIdempotentResponse(operation, key, result.status, result.body);
    else await releaseIdempotencyKey(operation, key);
    return { ...result, replayed: false };
  } catch (error) {
    await releaseIdempotencyKey(operation, key);
    throw error;
  }
}
