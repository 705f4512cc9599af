#!/usr/bin/env node
// `npm start`: prepare the database (migrations + seed content), build once if there is no build, then serve.
import { existsSync } from 'node:fs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { spawnNextStart } from './lib/next-server.mjs';
import { runOrThrow } from './lib/run.mjs';

const port = process.env.PORT || '3000';
const host = process.env.HOST || '0.0.0.0';

await prepareDatabase();

if (!existsSync('.next/BUILD_ID')) {
  console.log('No production build found: running `npm run build` first.');
  await runOrThrow('npm', ['run', 'build']);
}

const server = spawnNextStart({ port, host });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
