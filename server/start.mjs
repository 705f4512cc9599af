#!/usr/bin/env node
// `npm start`: check the configuration, prepare the database (migrations + seed content), build once if there is no
// build, then serve: the web server and, unless JOB_RUNNER=off, the job runner beside it.
import { existsSync } from 'node:fs';
import { prepareDatabase } from './database/prepare-database.mjs';
import { runOrThrow, run } from './run.mjs';
import { serve } from './serve.mjs';
import { componentLogger, logger, routeConsoleToLogger } from '../lib/observability/logger.mjs';

// This process supervises the two others; its own lines (and those of the database preparation) are JSON lines too.
logger('supervisor');
routeConsoleToLogger();
const log = componentLogger('start');

const port = process.env.PORT || '3000';
const host = process.env.HOST || '0.0.0.0';

// A wrong setting (e.g. PAYMENT_PROVIDER=stripe without its secrets) stops here with a clear message, not at the first buyer.
const { code } = await run(process.execPath, ['--import', 'tsx', 'server/check-config.ts']);
if (code !== 0) process.exit(code);

await prepareDatabase();

if (!existsSync('.next/BUILD_ID')) {
  log.info('No production build found: running `npm run build` first.');
  await runOrThrow('npm', ['run', 'build']);
}

const server = serve({ port, host, log: (line) => log.warn(line) });
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    // Both finish what they hold (requests, jobs) and exit; a stop we asked for is a clean exit.
    await server.stop(signal);
    process.exit(0);
  });
}
server.webExited.then(async () => {
  if (stopping) return;
  log.error(`The web server exited unexpectedly (${server.web.signalCode ?? server.web.exitCode}); stopping the job runner.`);
  await server.stop('SIGTERM');
  process.exit(server.web.exitCode || 1);
});
