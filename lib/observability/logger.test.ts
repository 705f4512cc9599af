import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.mjs';

/** The process's logger options writing into an array of parsed lines. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  // Unit tests run with LOG_LEVEL=silent (the setup file); this one reads the lines.
  return { log: pino({ ...loggerOptions('test'), level: 'info' }, stream), lines };
}

// Values the scrubber does not recognise (no Bearer, no key prefix), so what hides them is the key redaction alone.
const SECRET_HEADERS = { authorization: 'Token opaque-credential', cookie: 'sid=opaque-session', accept: 'application/json' };

describe('the logger redacts secret keys', () => {
  it('at the top, one and two objects down; an error carrying its request headers shows none of them', () => {
    const { log, lines } = capturingLogger();
    const error = Object.assign(new Error('401 from upstream'), {
      headers: SECRET_HEADERS,
      config: { password: 'opaque-password', url: 'https://api.example.com/x' },
    });
    log.error({ err: error, token: 'opaque-token', request: { headers: SECRET_HEADERS }, smtp: { auth: { password: 'p' } } }, 'call failed');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    const err = line.err as Record<string, unknown>;
    expect(err.message).toBe('401 from upstream');
    expect(err.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' });
    expect(err.config).toEqual({ password: '[redacted]', url: 'https://api.example.com/x' });
    expect(line.token).toBe('[redacted]');
    expect(line.request).toEqual({ headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' } });
    expect(line.smtp).toEqual({ auth: { password: '[redacted]' } });
    expect(JSON.stringify(line)).not.toMatch(/opaque-(credential|session|password|token)/);
  });
});
