#!/usr/bin/env node
// Playwright's webServer: the production build and its job runner on a fresh seeded database in E2E_DATABASE_DIR, on PORT
// (AUDIT_ALLOWED_HOSTS from the environment lets the website audit fetch the journeys' local page).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { runOrThrow } from '../../scripts/lib/run.mjs';
import { serve } from '../../scripts/lib/serve.mjs';

const directory = process.env.E2E_DATABASE_DIR;
const databaseUrl = `file:${path.join(directory, 'app.db')}`;
// Staff accounts for the staff journeys (the seed creates one from these variables outside production): marketing
// publishes content, sales writes consultant reports.
export const E2E_STAFF = { email: 'marketing@e2e.example', password: 'e2e marketing password' };
export const E2E_SALES_STAFF = { email: 'sales@e2e.example', password: 'e2e sales password' };
const seedAccount = (account, role) => ({ STAFF_SEED_EMAIL: account.email, STAFF_SEED_PASSWORD: account.password, STAFF_SEED_ROLE: role });
await prepareDatabase({ env: { ...process.env, DATABASE_URL: databaseUrl, ...seedAccount(E2E_STAFF, 'marketing') }, quiet: true });
// The seed again, for the second account only: the content is already there, so it loads nothing else.
await runOrThrow(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'prisma/seed.ts', '--if-empty'], {
  env: { ...process.env, DATABASE_URL: databaseUrl, ...seedAccount(E2E_SALES_STAFF, 'sales') },
  quiet: true,
});
const server = serve({
  port: process.env.PORT,
  host: '127.0.0.1',
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, SITE_URL: `http://127.0.0.1:${process.env.PORT}` },
});
const cleanUp = () => rmSync(directory, { recursive: true, force: true });
const stop = async () => {
  await server.stop('SIGKILL');
  cleanUp();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.webExited.then(() => {
  cleanUp();
  process.exit(server.web.exitCode ?? 1);
});
