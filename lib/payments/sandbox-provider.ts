import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PaymentProvider, PaymentSession, PaymentSessionRequest } from './payment-provider';

/**
 * Development and test provider: the "hosted page" is /pay/sandbox/{sessionId} inside this app, where a person
 * can pay or cancel. Sessions live on the checkout record; the page itself refuses a checkout that is no longer
 * open, as a real provider refuses an expired session.
 */
export function sandboxProvider(siteUrl: string): PaymentProvider {
  const sessions = new LRUCache<string, PaymentSession>({ max: 10_000 });
  return {
    name: 'sandbox',
    async createSession(request: PaymentSessionRequest): Promise<PaymentSession> {
      // Like a real provider, the same idempotency key gives back the same session.
      const existing = sessions.get(request.idempotencyKey);
      if (existing) return existing;
      const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
      const session = { provider: 'sandbox', sessionId, url: `${siteUrl}/pay/sandbox/${sessionId}` };
      sessions.set(request.idempotencyKey, session);
      return session;
    },
    async expireSession() {
      // The sandbox page reads the checkout's own status, which is already expired.
    },
  };
}
