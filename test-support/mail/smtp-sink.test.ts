import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/** The first line the server says to a new connection, or the connection error code. */
function greeting(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (chunk) => {
      resolve(chunk.toString().split('\r\n')[0]!.slice(0, 3));
      socket.destroy();
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

/** Speaks SMTP up to the end of DATA and returns the socket without waiting for the server's answer to it. */
async function sendUnanswered(port: number, to: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  // Replies end with a line whose code is followed by a space ("250 OK"); "250-…" lines continue one.
  let finished = 0;
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk) => {
    finished += chunk
      .toString()
      .split('\r\n')
      .filter((line) => /^\d{3} /.test(line)).length;
    waiting?.();
  });
  const replies = (count: number) => new Promise<void>((resolve) => (finished >= count ? resolve() : (waiting = () => finished >= count && resolve())));
  await replies(1);
  for (const command of ['EHLO test', 'MAIL FROM:<a@x.example>', `RCPT TO:<${to}>`, 'DATA']) {
    const expected = finished + 1;
    socket.write(`${command}\r\n`);
    await replies(expected);
  }
  socket.write(`Subject: held\r\nMessage-ID: <${to}>\r\n\r\nbody\r\n.\r\n`);
  return socket;
}

let sink: SmtpSink | undefined;
afterEach(() => sink?.stop());

describe('startSmtpSink', () => {
  it('greets on 127.0.0.1, answers 421 while temporarily failing, refuses connections while down, and comes back on the same port', async () => {
    sink = await startSmtpSink();
    expect(sink.url).toBe(`smtp://127.0.0.1:${sink.port}`);
    expect(await greeting(sink.port)).toBe('220');
    await sink.goDown('temporary-failure');
    expect(await greeting(sink.port)).toBe('421');
    await sink.goDown('refuse-connections');
    expect(await greeting(sink.port)).toBe('ECONNREFUSED');
    await sink.goUp();
    expect(await greeting(sink.port)).toBe('220');
  });

  it('gives up waiting after the timeout, and stopping rejects whoever still waits', async () => {
    sink = await startSmtpSink();
    await expect(sink.waitForMessages(1, 50)).rejects.toThrow('Expected 1 message(s) within 50 ms, got 0');
    const waiting = sink.waitForMessages(1, 10_000);
    await sink.stop();
    await expect(waiting).rejects.toThrow('The SMTP sink stopped');
    sink = undefined;
  });

  it('holds messages unanswered on request, accepts those whose sender is still there on release, and drops the rest', async () => {
    sink = await startSmtpSink();
    sink.holdDeliveries();
    const crashed = await sendUnanswered(sink.port, 'crashed@x.example');
    const waitingSender = await sendUnanswered(sink.port, 'patient@x.example');
    await sink.waitForHeld(2);
    expect(sink.messages).toEqual([]);
    crashed.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    sink.releaseHeld();
    const [accepted, ...more] = await sink.waitForMessages(1);
    expect(more).toEqual([]);
    expect(accepted!.envelope.rcptTo).toEqual(['patient@x.example']);
    waitingSender.destroy();
  });

  it('refuses AUTH on request with a 535 quoting the credentials, and refuses a message its filter objects to with a 554', async () => {
    sink = await startSmtpSink({ refuseMessage: (message) => (message.subject === 'spam' ? `5.7.1 refused: "${message.text?.trim()}"` : null) });
    const transport = nodemailer.createTransport({ url: `smtp://relay-user:relay-pass@127.0.0.1:${sink.port}` });
    const send = (subject: string) => transport.sendMail({ from: 'a@x.example', to: 'b@x.example', subject, text: 'call 030 1234567' });
    sink.refuseAuthentication(true);
    await expect(send('hello')).rejects.toMatchObject({
      responseCode: 535,
      message: 'Invalid login: 535 5.7.8 Authentication failed for user "relay-user" with password "relay-pass"',
    });
    sink.refuseAuthentication(false);
    await expect(send('spam')).rejects.toMatchObject({ responseCode: 554, message: 'Message failed: 554 5.7.1 refused: "call 030 1234567"' });
    await send('hello');
    expect(sink.messages.map((message) => [message.authUser, message.parsed.subject])).toEqual([['relay-user', 'hello']]);
    transport.close();
  });
});
