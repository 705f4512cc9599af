// The one logger of every process (the web server, the app inside it, the job runner): pino, JSON lines on stdout
// (`npm start`, `npm run worker`), readable lines under `next dev` (NODE_ENV=development, with pino-pretty, a
// development dependency, when it is installed; pipe JSON through `npx pino-pretty` to read it the same way). Every line
// carries the request id or the job it belongs to and the trace id (work-context.mjs, trace-context.mjs), and passes
// through the scrubber (log-scrubber.mjs) on its way out. Plain JavaScript because the web server runs it before
// anything is compiled; the logger itself lives on globalThis, so the app's bundled copy of this module writes
// through the same one.
import { createRequire } from 'node:module';
import path from 'node:path';
import { format } from 'node:util';
import pino from 'pino';
import { scrubLogLine } from './log-scrubber.mjs';
import { wallClockIso } from './wall-clock.mjs';
import { currentTraceId } from './trace-context.mjs';
import { workContext } from './work-context.mjs';

const LOGGER = Symbol.for('throughline:logger');
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Field names whose values never reach a log: at the top of a line, and one or two objects down (`err.headers.authorization`,
 * an HTTP client's error with the request's headers on it). pino's redaction takes fixed depths only; deeper values
 * still pass the scrubber.
 */
const REDACTED_KEYS = ['authorization', 'cookie', '["set-cookie"]', 'password', 'token', 'secret', 'apiKey', 'smtpUrl'];
const REDACTED_PATHS = REDACTED_KEYS.flatMap((key) => {
  const below = key.startsWith('[') ? key : `.${key}`;
  return [key, `*${below}`, `*.*${below}`];
});

/** pino-pretty in development, when it is installed (it is a development dependency). */
function prettyStream() {
  if (process.env.NODE_ENV !== 'development') return undefined;
  try {
    // Resolved from the project at run time, never bundled: `load` is not the bundler's `require`.
    const load = createRequire(path.join(process.cwd(), 'package.json'));
    const pretty = load('pino-pretty');
    return pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return undefined;
  }
}

/** The logger's options (exported for its test, which writes through them into a stream it reads). */
export function loggerOptions(role) {
  const level = LOG_LEVELS.includes(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info';
  return {
    level,
    base: { process: role, pid: process.pid },
    // pino's isoTime, read from the clock as it was before Next wrapped `Date` (wall-clock.mjs): one line a request.
    timestamp: () => `,"time":"${wallClockIso()}"`,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin() {
      const fields = workContext();
      const traceId = currentTraceId();
      if (!fields && !traceId) return {};
      return traceId ? { ...fields, traceId } : { ...fields };
    },
    hooks: { streamWrite: scrubLogLine },
  };
}

function createLogger(role) {
  // Written synchronously, as console.log writes to a pipe or file: a line logged just before a crash (or a kill -9)
  // is in the log, and a reader sees each line as soon as the work it describes is done.
  const stream = prettyStream() ?? pino.destination({ dest: 1, sync: true });
  return pino(loggerOptions(role), stream);
}

/**
 * The process's logger. The first call names the process (`web`, `runner`); later calls, including those of the
 * app's bundled copy of this module, get the same logger.
 */
export function logger(role = 'app') {
  globalThis[LOGGER] ??= createLogger(role);
  return globalThis[LOGGER];
}

/**
 * A logger for one part of the program: its lines say which (`component`). `redactKeys: false` is for lines whose
 * fields are fixed and none of them a redacted name (the access log): key redaction then only costs (two thirds of an
 * access line's time); the scrubber still reads every line.
 */
export function componentLogger(component, { redactKeys = true } = {}) {
  return redactKeys ? logger().child({ component }) : logger().child({ component }, { redact: { paths: [] } });
}

/**
 * console.* through the logger, so that what libraries and Next print (start-up notes, their own error reports)
 * arrives as JSON lines with the rest, at the matching level.
 */
export function routeConsoleToLogger() {
  const log = componentLogger('console');
  // console's own formatting (`%s`, objects inspected); an error among the arguments is logged as `err`, with its stack.
  const write =
    (level) =>
    (...args) => {
      const error = args.find((value) => value instanceof Error);
      const text = format(...args.filter((value) => value !== error)) || error?.message || '';
      return error ? log[level]({ err: error }, text) : log[level](text);
    };
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
  console.debug = write('debug');
}
