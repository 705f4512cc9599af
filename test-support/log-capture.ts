import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../lib/observability/logger.mjs';

export type CapturedLogLine = Record<string, unknown> & { level: string; msg: string };

export interface LogCapture {
  /** Every line written since the capture began, parsed, oldest first. */
  readonly lines: CapturedLogLine[];
  /** Puts back the logger that was there before. */
  restore(): void;
}

const LOGGER = Symbol.for('throughline:logger');

/**
 * Makes the process's logger (lib/observability/logger.mjs: the one on globalThis) write at `level` into an array this
 * test reads, with the production options (redaction, the scrubber, the work context): unit tests run with
 * LOG_LEVEL=silent otherwise. Loggers made before the capture (component loggers kept in a module) still write
 * where they did.
 */
export function captureLog(level: pino.Level = 'debug'): LogCapture {
  const lines: CapturedLogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as CapturedLogLine);
      done();
    },
  });
  const global = globalThis as Record<symbol, unknown>;
  const before = global[LOGGER];
  global[LOGGER] = pino({ ...loggerOptions('test'), level }, stream);
  return {
    lines,
    restore: () => {
      global[LOGGER] = before;
    },
  };
}
