#!/usr/bin/env node
// `npm start`, and the start command of the release folder (`node server/start.mjs`, what the shipped units run):
// check the configuration, prepare the database (migrations + seed content), build once in a checkout without a
// build, then serve from this one process: the web server (server/web-server.mjs) and, unless JOB_RUNNER=off, the
// job runner as a worker thread beside it (server/runner-thread.mjs). No npm, no tsx and no supervisor process stay
// behind: a service manager (systemd, a container runtime) restarts the process if it dies; this process restarts a
// runner thread that dies.
import './lean-heap.mjs';
import { existsSync, readFileSync } from 'node:fs';
import { compiledEntry, compileInCheckout, isCheckout } from './compiled.mjs';
import { prepareDatabase } from './database/prepare-database.mjs';
import { run, runOrThrow } from './run.mjs';
import { startRunnerThread } from './runner-thread.mjs';
import { beforeWebServerExit } from './shutdown-hooks.mjs';
import { componentLogger, logger, routeConsoleToLogger } from '../lib/observability/logger.mjs';
import { acceptRunnerSnapshot } from '../lib/observability/metrics.mjs';

// This process becomes the web server: its lines (and those of the database preparation) are the web server's.
logger('web');
routeConsoleToLogger();
const log = componentLogger('start');

await compileInCheckout();

// A wrong setting (e.g. PAYMENT_PROVIDER=stripe without its secrets) stops here with a clear message, not at the first
// buyer, and before a build (which would fail on the same setting, burying the message in the build's output).
const { code } = await run(process.execPath, [compiledEntry('check-config')]);
if (code !== 0) process.exit(code);

if (!existsSync('.next/BUILD_ID')) {
  log.info('No production build found: running `npm run build` first.');
  await runOrThrow('npm', ['run', 'build']);
}

await prepareDatabase({ seedCommand: [process.execPath, [compiledEntry('seed'), '--if-empty']] });

// Connected calendars need the key their secrets were sealed with: refuse now rather than fail every sync.
const calendarKey = await run(process.execPath, [compiledEntry('check-calendar-key')]);
if (calendarKey.code !== 0) process.exit(calendarKey.code);

if ((process.env.JOB_RUNNER ?? 'on') !== 'off') {
  const runner = startRunnerThread({
    entry: compiledEntry('worker'),
    onMessage: (message) => {
      if (message?.type === 'metrics:snapshot') acceptRunnerSnapshot(message);
    },
    log: (line) => log.warn(line),
  });
  // On SIGTERM the runner stops claiming at once, and the process exits once its jobs and the requests are done.
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void runner.stop());
  beforeWebServerExit(() => runner.stop());
}

// The release has no next.config.mjs (nor what it would take to load one): Next reads the configuration the build
// recorded, as its own standalone server does.
if (!isCheckout()) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(JSON.parse(readFileSync('.next/required-server-files.json', 'utf8')).config);
}
await import('./web-server.mjs');
