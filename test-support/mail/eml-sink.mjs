import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../free-port.mjs';

/**
 * An SMTP server on 127.0.0.1 for the browser journeys: every message it accepts becomes `<n>.eml` (the raw message)
 * beside `<n>.json` (the SMTP envelope) in `dir`, where the Playwright tests read them (test-support/mail/browser-mailbox.ts).
 * Plain JavaScript, so Playwright's webServer process (serve-for-e2e.mjs) runs it as it is.
 */
export async function startEmlSink(dir) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(5, '0')}`;
        const envelope = {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
        };
        writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(envelope));
        // Written aside and renamed, so a reader never sees half a message.
        writeFileSync(path.join(dir, `${name}.eml.part`), Buffer.concat(chunks));
        renameSync(path.join(dir, `${name}.eml.part`), path.join(dir, `${name}.eml`));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  server.on('error', () => {});
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
