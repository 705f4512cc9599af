/** A receiver must answer within this; the whole attempt (DNS, connecting, the answer) shares the one deadline. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** The answer is read up to this much, kept in the delivery log; the rest is never read. */
export const WEBHOOK_RESPONSE_BYTES = 4096;
