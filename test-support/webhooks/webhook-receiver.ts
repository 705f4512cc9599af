import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { LocalServer } from '../audit/local-server';
import { startLocalServer } from '../audit/local-server';

/** One delivery as the receiver saw it, after checking its signature with the `standardwebhooks` package. */
export interface ReceivedDelivery {
  /** The request path (a receiver can serve several endpoints, one per path). */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The webhook-id header. */
  id: string;
  /** The parsed envelope. */
  event: { type: string; id: string; timestamp: string; data: Record<string, unknown> };
  /** Which of the receiver's secrets verified it (a rotation's overlap: both). */
  verifiedWith: string[];
  /** The signatures in the header (`v1,…`). */
  signatures: string[];
  /** Date.now() when it arrived, and how the receiver answered. */
  receivedAt: number;
  answeredStatus: number;
}

export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: OutgoingHttpHeaders;
  /** Never answer (the sender must give up at its deadline). */
  hang?: boolean;
  /** Answer after this long (a slow receiver; a sender killed meanwhile never reads the answer). */
  delayMs?: number;
}

export interface ReceiverOptions {
  /** The secrets each path verifies with (`whsec_…`); default: whatever `setSecrets` set for the path. */
  secrets?: Record<string, string[]>;
  /** How to answer a verified delivery; default 204. `count` is how many deliveries of this event id arrived, this one included. */
  answer?: (delivery: ReceivedDelivery, count: number) => ReceiverAnswer;
  /**
   * The clock the receiver checks the 5-minute timestamp tolerance against; default the real one. `standardwebhooks`
   * reads Date.now(), so a receiver on a test's clock lends it that clock for the call.
   */
  now?: () => Date;
  tls?: boolean;
}

export interface WebhookReceiver {
  server: LocalServer;
  /** The endpoint URL of `path` on this receiver. */
  url(path?: string): string;
  /** Every verified delivery, in arrival order. */
  deliveries: ReceivedDelivery[];
  /** Deliveries no secret verified, with the verifier's complaint: a test fails if any appear. */
  rejected: { path: string; reason: string }[];
  setSecrets(path: string, secrets: string[]): void;
  answerWith(answer: ReceiverOptions['answer']): void;
  close(): Promise<void>;
}

function verifyAt(secret: string, body: string, headers: Record<string, string>, now?: () => Date): unknown {
  if (!now) return new Webhook(secret).verify(body, headers);
  const realNow = Date.now;
  Date.now = () => now().getTime();
  try {
    return new Webhook(secret).verify(body, headers);
  } finally {
    Date.now = realNow;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local webhook receiver on 127.0.0.1 that verifies every delivery with the `standardwebhooks` package, as a real
 * receiver would, records it, and answers as the test says (a status, a Retry-After, a redirect, or never).
 */
export async function startWebhookReceiver(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
  const secrets = new Map(Object.entries(options.secrets ?? {}));
  const acknowledge = (): ReceiverAnswer => ({ status: 204 });
  let answer: NonNullable<ReceiverOptions['answer']> = options.answer ?? acknowledge;
  const deliveries: ReceivedDelivery[] = [];
  const rejected: WebhookReceiver['rejected'] = [];
  const seen = new Map<string, number>();
  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://receiver').pathname;
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const verifiedWith: string[] = [];
    let complaint = 'no secret for this path';
    for (const secret of secrets.get(path) ?? []) {
      try {
        verifyAt(secret, body, headers, options.now);
        verifiedWith.push(secret);
      } catch (error) {
        complaint = (error as Error).message;
      }
    }
    if (verifiedWith.length === 0) {
      rejected.push({ path, reason: complaint });
      response.writeHead(401).end();
      return;
    }
    const delivery: ReceivedDelivery = {
      path,
      headers: request.headers,
      body,
      id: headers['webhook-id']!,
      event: JSON.parse(body) as ReceivedDelivery['event'],
      verifiedWith,
      signatures: headers['webhook-signature']!.split(' '),
      receivedAt: Date.now(),
      answeredStatus: 0,
    };
    const count = (seen.get(delivery.id) ?? 0) + 1;
    seen.set(delivery.id, count);
    const reply = answer(delivery, count);
    delivery.answeredStatus = reply.hang ? 0 : reply.status;
    deliveries.push(delivery);
    if (reply.hang) return;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (!response.destroyed) response.writeHead(reply.status, reply.headers).end(reply.body ?? '');
  };
  const server = await startLocalServer((request, response) => void handler(request, response), { tls: options.tls });
  return {
    server,
    url: (path = '/hooks') => `${server.origin}${path}`,
    deliveries,
    rejected,
    setSecrets: (path, list) => secrets.set(path, list),
    answerWith: (next) => (answer = next ?? acknowledge),
    close: () => server.close(),
  };
}
