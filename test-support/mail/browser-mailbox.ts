import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A message the e2e server's SMTP sink accepted (test-support/mail/eml-sink.mjs), parsed with mailparser. */
export interface ReceivedEmail {
  envelope: { mailFrom: string | null; rcptTo: string[] };
  parsed: ParsedMail;
}

async function received(): Promise<ReceivedEmail[]> {
  const dir = process.env.E2E_MAIL_DIR!;
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      envelope: JSON.parse(readFileSync(path.join(dir, name.replace(/\.eml$/, '.json')), 'utf8')) as ReceivedEmail['envelope'],
      parsed: await simpleParser(readFileSync(path.join(dir, name))),
    })),
  );
}

/** Every message to `address` (by the SMTP envelope), oldest first, once at least `count` have arrived. */
export async function emailsTo(address: string, count = 1, timeoutMs = 20_000): Promise<ReceivedEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = (await received()).filter((mail) => mail.envelope.rcptTo.includes(address));
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`Expected ${count} email(s) to ${address} within ${timeoutMs} ms, got ${mine.length}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
