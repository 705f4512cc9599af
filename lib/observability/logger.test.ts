import { afterEach, describe, expect, it } from 'vitest';
import { captureLog, type LogCapture } from '@/test-support/log-capture';
import { logger } from './logger.mjs';

// Values the scrubber does not recognise (no Bearer, no key prefix), so what hides them is the key redaction alone.
const SECRET_HEADERS = { authorization: 'Token opaque-credential', cookie: 'sid=opaque-session', accept: 'application/json' };

let capture: LogCapture | undefined;
afterEach(() => capture?.restore());

describe('the logger redacts secret keys', () => {
  it('at the top, one and two objects down; an error carrying its request headers shows none of them', () => {
    capture = captureLog();
    const error = Object.assign(new Error('401 from upstream'), {
      headers: SECRET_HEADERS,
      config: { password: 'opaque-password', url: 'https://api.example.com/x' },
    });
    logger().error({ err: error, token: 'opaque-token', request: { headers: SECRET_HEADERS }, smtp: { auth: { password: 'p' } } }, 'call failed');
    expect(capture.lines).toHaveLength(1);
    const line = capture.lines[0]!;
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
