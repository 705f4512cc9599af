import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/test-support/free-port.mjs';
import { eventually } from '@/test-support/eventually';
import { sendWebhook } from '../webhook-sender/send-webhook';
import { newWebhookSecret } from '../webhook-sender/webhook-secret';
import { WEBHOOK_VERIFY_EXAMPLE } from './webhook-verify-example';

/** The example as a receiver would run it, on a free port, with its secret in the environment. */
describe('the ten-line verification example', () => {
  const secret = newWebhookSecret();
  let port: number;
  let output = '';
  let receiver: ReturnType<typeof spawn>;

  beforeAll(async () => {
    port = await freePort();
    receiver = spawn(process.execPath, ['--input-type=module', '-e', WEBHOOK_VERIFY_EXAMPLE.replace('.listen(8080)', `.listen(${port}, '127.0.0.1')`)], {
      env: { ...process.env, THROUGHLINE_WEBHOOK_SECRET: secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    receiver.stdout!.on('data', (chunk) => (output += chunk));
    receiver.stderr!.on('data', (chunk) => (output += chunk));
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/`, { method: 'POST' }).then(
          (response) => response.status,
          () => 0,
        ),
      (status) => status === 401,
      'the example to listen',
      15_000,
    );
  });
  afterAll(() => receiver.kill());

  const body = JSON.stringify({ type: 'inquiry.created', id: 'msg_example1', timestamp: '2026-11-25T14:00:00.000Z', data: { id: 'inq_1' } });
  const deliver = (secrets: string[], sent = body) =>
    sendWebhook({ url: `http://127.0.0.1:${port}/throughline`, id: 'msg_example1', body: sent, secrets }, { allowedHosts: [`127.0.0.1:${port}`] });

  it('accepts a genuine delivery with 204 and reads its type and id', async () => {
    expect(await deliver([secret])).toMatchObject({ answered: true, status: 204 });
    await eventually(
      () => output,
      (text) => text.includes('inquiry.created msg_example1'),
      'the example to log the event',
    );
  });

  it('refuses another secret with 401', async () => {
    expect(await deliver([newWebhookSecret()])).toMatchObject({ answered: true, status: 401 });
  });

  it('is what docs/webhooks.md shows', () => {
    expect(readFileSync('docs/webhooks.md', 'utf8')).toContain(`\`\`\`js\n${WEBHOOK_VERIFY_EXAMPLE}\n\`\`\``);
  });
});
