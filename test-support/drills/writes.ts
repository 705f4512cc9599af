import { randomBytes } from 'node:crypto';

/**
 * The three writes the drills press on: an inquiry, a booking and a checkout, each as a client sends it through /v1,
 * with what identifies the stored record when the server acknowledges it.
 */
export type WriteKind = 'inquiry' | 'booking' | 'checkout';
export const WRITE_KINDS: WriteKind[] = ['inquiry', 'booking', 'checkout'];

/** Where each kind's records live, and the column its acknowledgement names. */
export const RECORD_OF: Record<WriteKind, { table: string; column: string }> = {
  inquiry: { table: 'Inquiry', column: 'id' },
  booking: { table: 'Booking', column: 'id' },
  checkout: { table: 'Checkout', column: 'token' },
};

export interface WriteOutcome {
  kind: WriteKind;
  /** 0 when no answer came (connection refused or cut). */
  status: number;
  /** The stored record's id, when acknowledged with 200. */
  id?: string;
  body?: unknown;
  headers?: Headers;
}

const SELF_SERVE = 'constraint-snapshot';

/** A firm-local 10:00 to 15:30 start on one of the next days, so bookings spread over consultants and days. */
function preferredTime(): string {
  const day = new Date(Date.now() + (2 + Math.floor(Math.random() * 20)) * 86_400_000);
  const hour = 10 + Math.floor(Math.random() * 6);
  const minute = Math.random() < 0.5 ? '00' : '30';
  return `${day.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:${minute}:00-05:00`;
}

function requestFor(kind: WriteKind, purchaseDigest: string): { path: string; body: unknown } {
  const tag = randomBytes(4).toString('hex');
  if (kind === 'inquiry') {
    return {
      path: '/v1/inquiries',
      body: {
        companyName: `Drill Works ${tag}`,
        contactName: 'Dee Rill',
        email: `dee.${tag}@drill.example`,
        problemDescription: 'Checking that acknowledged writes survive.',
        urgency: 'medium',
      },
    };
  }
  if (kind === 'booking') {
    return {
      path: '/v1/availability/book',
      body: { name: `Dee ${tag}`, email: `book.${tag}@drill.example`, context: 'Drill booking', preferredTimes: [preferredTime()] },
    };
  }
  return { path: `/v1/services/${SELF_SERVE}/checkout`, body: { purchaseDigest, buyerInputs: {} } };
}

/** The digest a checkout must echo; read once per server (it changes only with the offer). */
export async function selfServeDigest(baseUrl: string): Promise<string> {
  return ((await (await fetch(`${baseUrl}/v1/services/${SELF_SERVE}`)).json()) as { purchaseDigest: string }).purchaseDigest;
}

export async function write(baseUrl: string, kind: WriteKind, purchaseDigest: string): Promise<WriteOutcome> {
  const { path, body } = requestFor(kind, purchaseDigest);
  try {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // A body cut off by a kill is no acknowledgement: the client never learnt the id.
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const named = kind === 'checkout' ? answer?.token : answer?.id;
    const id = response.status === 200 && typeof named === 'string' ? named : undefined;
    return { kind, status: response.status, id, body: answer, headers: response.headers };
  } catch {
    return { kind, status: 0 };
  }
}
