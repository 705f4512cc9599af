import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkResponseTime, RESPONSE_TIME_MAJOR_MS, RESPONSE_TIME_MINOR_MS } from './response-time';

describe('checkResponseTime', () => {
  it('passes a server that answers within the good range', () => {
    expect(checkResponseTime(bodyPage('', { timeToFirstByteMs: RESPONSE_TIME_MINOR_MS }))).toBeNull();
  });

  it('reports a slow server as minor, a very slow one as major', () => {
    expect(checkResponseTime(bodyPage('', { timeToFirstByteMs: 1_240 }))).toMatchObject({
      id: 'basics.slow-response',
      severity: 'minor',
      title: 'The server took 1.2 seconds to start answering',
      evidence: '1,240 ms from request to first byte, measured once from our server.',
    });
    expect(checkResponseTime(bodyPage('', { timeToFirstByteMs: RESPONSE_TIME_MAJOR_MS + 1 }))?.severity).toBe('major');
  });
});
