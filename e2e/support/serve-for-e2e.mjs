#!/usr/bin/env node
// Playwright's webServer: the production build on a fresh seeded database, on the port in PORT.
import { createTestDatabase } from './test-server.mjs';
import { spawnNextStart } from '../../scripts/lib/next-server.mjs';

const database = await createTestDatabase('toc-e2e-');
const server = spawnNextStart({
  port: process.env.PORT,
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.databaseUrl, SITE_URL: `http://127.0.0.1:${process.env.PORT}` },
});
const stop = () => {
  server.kill('SIGKILL');
  database.remove();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  database.remove();
  process.exit(code ?? 1);
});
