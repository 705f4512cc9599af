#!/usr/bin/env node
// Playwright's webServer: the production build and its job runner on a fresh seeded database in E2E_DATABASE_DIR, on PORT,
// sending mail to an SMTP sink that writes each message to E2E_MAIL_DIR (AUDIT_ALLOWED_HOSTS from the environment lets
// the website audit fetch the journeys' local page).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from '../../server/database/prepare-database.mjs';
import { runOrThrow } from '../../server/run.mjs';
import { serve } from '../../server/serve.mjs';
import { startEmlSink } from '../mail/eml-sink.mjs';
import { TEST_RATE_LIMITS } from '../test-server.mjs';

const directory = process.env.E2E_DATABASE_DIR;
const databaseUrl = `file:${path.join(directory, 'app.db')}`;
// Staff accounts for the staff journeys (the seed creates one from these variables outside production): marketing
// publishes content, sales writes consultant reports.
export const E2E_STAFF = { email: 'marketing@e2e.example', password: 'e2e marketing password' };
// Sales reads the outbox and writes consultant reports (the journeys sign in with these).
export const E2E_SALES = { email: 'sales@e2e.example', password: 'e2e sales password' };
await prepareDatabase({
  env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_SEED_EMAIL: E2E_STAFF.email, STAFF_SEED_PASSWORD: E2E_STAFF.password, STAFF_SEED_ROLE: 'marketing' },
  quiet: true,
});
await runOrThrow(
  process.execPath,
  [
    'node_modules/tsx/dist/cli.mjs',
    'server/commands/staff-create.ts',
    '--email',
    E2E_SALES.email,
    '--name',
    'E2E Sales',
    '--role',
    'sales',
    '--password',
    E2E_SALES.password,
  ],
  { env: { ...process.env, DATABASE_URL: databaseUrl }, quiet: true },
);
const mailDirectory = process.env.E2E_MAIL_DIR;
const sink = await startEmlSink(mailDirectory);
const server = serve({
  port: process.env.PORT,
  host: '127.0.0.1',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${process.env.PORT}`,
    SMTP_URL: sink.url,
    // The promises journey waits for the commitments watch: every 5 seconds rather than every minute.
    COMMITMENT_CHECK_SECONDS: '5',
    ...TEST_RATE_LIMITS,
  },
});
const cleanUp = () => {
  rmSync(directory, { recursive: true, force: true });
  rmSync(mailDirectory, { recursive: true, force: true });
};
const stop = async () => {
  await server.stop('SIGKILL');
  await sink.stop();
  cleanUp();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.webExited.then(() => {
  cleanUp();
  process.exit(server.web.exitCode ?? 1);
});
