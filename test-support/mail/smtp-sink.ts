import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../free-port.mjs';

// Plain TypeScript with relative imports and no test-runner imports: vitest (unit and http tiers) and Playwright
// both load it as it is.

export interface CapturedMessage {
  /** What the client said in the SMTP dialogue: who really receives the message, whatever the headers claim. */
  envelope: { mailFrom: string | null; rcptTo: string[] };
  /** The message exactly as it arrived (headers and body), to check for injected header lines. */
  raw: string;
  parsed: ParsedMail;
  /** The user name the client authenticated with, if it did. */
  authUser: string | null;
  receivedAt: Date;
}

/**
 * `temporary-failure`: connections are answered `421` and closed (a server that is up but not taking mail).
 * `refuse-connections`: nothing listens on the port (a server that is down).
 */
export type SinkOutage = 'temporary-failure' | 'refuse-connections';

export interface SmtpSink {
  readonly host: string;
  readonly port: number;
  /** For SMTP_URL, e.g. smtp://127.0.0.1:40123 */
  readonly url: string;
  /** Every message accepted so far, oldest first. */
  readonly messages: readonly CapturedMessage[];
  /** Resolves once at least `count` messages have arrived (all of them, oldest first); rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<CapturedMessage[]>;
  goDown(outage?: SinkOutage): Promise<void>;
  /**
   * From now on, a message whose DATA has fully arrived gets no answer until `releaseHeld()`: the client is in the
   * middle of sending, the message not yet accepted. A held message whose client went away meanwhile (a crashed
   * sender) is dropped on release, as a real server drops a transaction that never got its "250".
   */
  holdDeliveries(): void;
  /** Resolves once `count` messages are being held. */
  waitForHeld(count: number, timeoutMs?: number): Promise<void>;
  /** Answers every held message whose client is still connected (accepting it), and stops holding. */
  releaseHeld(): void;
  goUp(): Promise<void>;
  /**
   * While on, AUTH is answered `535` with a reply that quotes the user name and password it was given, as some servers
   * do: what then reaches the sender's error (and must not reach its log).
   */
  refuseAuthentication(on: boolean): void;
  /** Forgets the messages received so far. */
  clear(): void;
  stop(): Promise<void>;
}

interface Waiter {
  count: number;
  resolve: (messages: CapturedMessage[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const HOST = '127.0.0.1';

function temporaryFailure(): Error {
  return Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
}

export interface SmtpSinkOptions {
  /** A fixed port (default: a free one). */
  port?: number;
  /** Recipients for which RCPT TO is answered `550` (a permanent rejection). */
  rejectRecipient?: (address: string) => boolean;
  /**
   * A message for which this returns a text is refused after DATA with `554` and that text (a content filter quoting
   * what it objected to); null accepts it.
   */
  refuseMessage?: (message: ParsedMail) => string | null;
}

/** An in-process SMTP server on 127.0.0.1 that keeps every message it accepts, for tests. */
export async function startSmtpSink({ port: wantedPort, rejectRecipient = () => false, refuseMessage = () => null }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const port = wantedPort ?? (await freePort());
  const messages: CapturedMessage[] = [];
  let waiters: Waiter[] = [];
  let holding = false;
  let refusingAuthentication = false;
  let held: Array<{ sessionId: string; accept: () => void }> = [];
  const closedSessions = new Set<string>();
  let state: 'up' | SinkOutage = 'up';
  let server: SMTPServer | null = null;

  function settleWaiters() {
    for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
      clearTimeout(waiter.timer);
      waiter.resolve([...messages]);
    }
    waiters = waiters.filter((w) => messages.length < w.count);
  }

  function createServer(): SMTPServer {
    return new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      // Connections still open when the sink goes down or stops are cut after this long.
      closeTimeout: 1_000,
      onConnect(_session, callback) {
        callback(state === 'temporary-failure' ? temporaryFailure() : null);
      },
      // Any credentials are fine (the sink records who signed in, it guards nothing), unless told to refuse them.
      onAuth(auth, _session, callback) {
        if (refusingAuthentication) {
          const refusal = `5.7.8 Authentication failed for user "${auth.username}" with password "${auth.password}"`;
          return callback(Object.assign(new Error(refusal), { responseCode: 535 }));
        }
        callback(null, { user: auth.username });
      },
      onClose(session) {
        closedSessions.add(session.id);
      },
      onRcptTo(address, _session, callback) {
        // Worded as Postfix words it, address included: what reaches the sender's error messages (and must not reach its log).
        const refusal = `<${address.address}>: Recipient address rejected: User unknown in local recipient table`;
        callback(rejectRecipient(address.address) ? Object.assign(new Error(refusal), { responseCode: 550 }) : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          const accept = () =>
            simpleParser(raw).then(
              (parsed) => {
                const refusal = refuseMessage(parsed);
                if (refusal !== null) return callback(Object.assign(new Error(refusal), { responseCode: 554 }));
                const { mailFrom, rcptTo } = session.envelope;
                messages.push({
                  envelope: { mailFrom: mailFrom ? mailFrom.address : null, rcptTo: rcptTo.map((r) => r.address) },
                  raw: raw.toString('utf8'),
                  parsed,
                  authUser: typeof session.user === 'string' ? session.user : null,
                  receivedAt: new Date(),
                });
                callback();
                settleWaiters();
              },
              (error: Error) => callback(error),
            );
          if (holding) held.push({ sessionId: session.id, accept });
          else void accept();
        });
      },
    });
  }

  async function listen() {
    const next = createServer();
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, HOST, () => {
        next.off('error', reject);
        resolve();
      });
    });
    // A client that disconnects mid-dialogue must not crash the test process.
    next.on('error', () => {});
    server = next;
  }

  async function close() {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await listen();

  return {
    host: HOST,
    port,
    url: `smtp://${HOST}:${port}`,
    get messages() {
      return messages;
    },
    waitForMessages(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve([...messages]);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          count,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters = waiters.filter((w) => w !== waiter);
            reject(new Error(`Expected ${count} message(s) within ${timeoutMs} ms, got ${messages.length}`));
          }, timeoutMs),
        };
        waiters.push(waiter);
      });
    },
    async goDown(outage = 'temporary-failure') {
      state = outage;
      if (outage === 'refuse-connections') await close();
      else if (!server) await listen();
    },
    async goUp() {
      state = 'up';
      if (!server) await listen();
    },
    holdDeliveries() {
      holding = true;
    },
    async waitForHeld(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (held.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} held message(s) within ${timeoutMs} ms, got ${held.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    releaseHeld() {
      holding = false;
      const releasing = held;
      held = [];
      for (const { sessionId, accept } of releasing) if (!closedSessions.has(sessionId)) void accept();
    },
    refuseAuthentication(on) {
      refusingAuthentication = on;
    },
    clear() {
      messages.length = 0;
    },
    async stop() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('The SMTP sink stopped'));
      }
      waiters = [];
      await close();
    },
  };
}
