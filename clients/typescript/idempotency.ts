import type { Middleware } from 'openapi-fetch';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Every POST carries an Idempotency-Key (a random UUID unless the caller set one), so it can be repeated safely. */
export const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_HEADER)) request.headers.set(IDEMPOTENCY_HEADER, crypto.randomUUID());
    return request;
  },
};

type Fetch = (request: Request) => Promise<Response>;

/**
 * When a request fails without an answer (the connection dropped), it is sent once more, the same request with the same
 * Idempotency-Key: if the first one did reach the server, the API replays its response instead of acting twice. Calls the
 * caller aborted are not repeated.
 */
export function repeatingUnanswered(send: Fetch): Fetch {
  return async (request) => {
    const repeat = request.clone();
    try {
      return await send(request);
    } catch (error) {
      if (request.signal.aborted || (request.method === 'POST' && !request.headers.has(IDEMPOTENCY_HEADER))) throw error;
      return send(repeat);
    }
  };
}
