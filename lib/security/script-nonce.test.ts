import { describe, expect, it } from 'vitest';
import { editionNonce, freshNonce } from './script-nonce';

describe('script nonces', () => {
  it('gives each request 128 random bits', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => freshNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('gives every copy of one content edition the same nonce, another edition or secret another one', () => {
    const nonce = editionNonce('secret-one', 'abc123def456');
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(editionNonce('secret-one', 'abc123def456')).toBe(nonce);
    expect(editionNonce('secret-one', 'abc123def457')).not.toBe(nonce);
    expect(editionNonce('secret-two', 'abc123def456')).not.toBe(nonce);
  });
});
