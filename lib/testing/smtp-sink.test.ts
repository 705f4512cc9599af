import net from 'node:net';
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
});
