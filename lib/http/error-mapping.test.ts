import { describe, expect, it, vi } from 'vitest';
import { errorToResponse } from './error-mapping';

const diskFull = Object.assign(new Error('database or disk is full'), {
  name: 'DriverAdapterError',
  cause: { kind: 'sqlite', originalCode: 'SQLITE_FULL', extendedCode: 13, message: 'database or disk is full' },
});

describe('errorToResponse', () => {
  it('answers a storage failure with 503 STORAGE_UNAVAILABLE and Retry-After, never the engine message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = errorToResponse(diskFull, 'submitInquiry');
    expect(response.status).toBe(503);
    expect(Object.fromEntries(response.headers)).toEqual({ 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '10' });
    expect(await response.json()).toEqual({
      detail: 'The database cannot store or read this right now; nothing was changed. Please try again shortly.',
      code: 'STORAGE_UNAVAILABLE',
    });
  });

  it('still answers any other failure with 500 INTERNAL_ERROR', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = errorToResponse(new TypeError('x is undefined'), 'submitInquiry');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: 'The server could not complete the request. Please try again.', code: 'INTERNAL_ERROR' });
  });
});
