import { describe, expect, it } from 'vitest';
import { messageIdFor, siteHost } from './message-id';

describe('messageIdFor', () => {
  it('is <outbox id @ site host>, the same every time for the same row', () => {
    expect(messageIdFor('out_abc123', 'https://www.throughlinepartners.com')).toBe('<out_abc123@www.throughlinepartners.com>');
    expect(messageIdFor('out_abc123', 'http://127.0.0.1:4010/')).toBe('<out_abc123@127.0.0.1>');
  });

  it.each(['out abc', 'out@abc', 'out<abc>', 'out\r\nBcc: x', '', '.out'])('refuses the id %j', (id) => {
    expect(() => messageIdFor(id, 'https://www.throughlinepartners.com')).toThrow(/unusable in a Message-ID/);
  });

  it('takes the host without port', () => {
    expect(siteHost('http://localhost:3000')).toBe('localhost');
  });
});
