#!/usr/bin/env node
// Playwright's webServer: the production build and its job runner on a fresh seeded database in E2E_DATABASE_DIR, on PORT.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { serve } from '../../scripts/lib/serve.mjs';
import { TEST_RATE_LIMITS } from './test-server.mjs';

const directory = process.env.E2E_DATABASE_DIR;
const databaseUrl = `file:${path.join(directory, 'app.db')}`;
// A marketing account for the staff journeys (the seed creates it from these variables outside production).
export const E2E_STAFF = { email: 'marketing@e2e.example', password: 'e2e marketing password' };
await prepareDatabase({
  env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_SEED_EMAIL: E2E_STAFF.email, STAFF_SEED_PASSWORD: E2E_STAFF.password, STAFF_SEED_ROLE: 'marketing' },
  quiet: true,
});
const server = serve({
  port: process.env.PORT,
  host: '127.0.0.1',
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, SITE_URL: `http://127.0.0.1:${process.env.PORT}`, ...TEST_RATE_LIMITS },
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
