import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { findBySecretToken, newSecretToken, SECRET_TOKEN_BYTES, secretTokenDigest, secretTokenMatches } from './secret-tokens';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('secret tokens', () => {
  it('are 256 random bits, base64url, with their sha256 beside them', () => {
    expect(SECRET_TOKEN_BYTES * 8).toBe(256);
    const tokens = Array.from({ length: 200 }, newSecretToken);
    for (const { token, digest } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(digest).toBe(sha256(token));
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(200);
  });

  it('match only the exact token, compared as whole digests', () => {
    const { token, digest } = newSecretToken();
    expect(secretTokenMatches(token, digest)).toBe(true);
    expect(secretTokenMatches(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, digest)).toBe(false);
    expect(secretTokenMatches(token.toUpperCase(), digest)).toBe(false);
    expect(secretTokenMatches(token, null)).toBe(false);
    expect(secretTokenMatches(token, 'not hex')).toBe(false);
    expect(secretTokenMatches(token, digest.slice(0, 32))).toBe(false);
  });
});

describe('findBySecretToken', () => {
  const { token, digest } = newSecretToken();
  const record = { id: 'chk_1', tokenDigest: digest };
  const table = new Map([[digest, record]]);

  it('looks the record up by the digest of the token, never by the token', async () => {
    const find = vi.fn(async (key: string) => table.get(key) ?? null);
    expect(await findBySecretToken(token, find, (row) => row.tokenDigest)).toBe(record);
    expect(find).toHaveBeenCalledWith(digest);
  });

  it('gives every unknown token the same work: one lookup by a 64-hex digest that finds nothing', async () => {
    const near = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const guesses = [near, token.slice(0, 20), 'x', '', `${token}x`, 'é'.repeat(200), token.toLowerCase()];
    const find = vi.fn(async (key: string) => table.get(key) ?? null);
    for (const guess of guesses) expect(await findBySecretToken(guess, find, (row) => row.tokenDigest)).toBeNull();
    expect(find.mock.calls.map(([key]) => key)).toEqual(guesses.map(secretTokenDigest));
    for (const [key] of find.mock.calls) expect(key).toMatch(/^[0-9a-f]{64}$/);
    // The near miss shares 42 of 43 characters with the token; its digest shares no more with the real digest than chance.
    expect(secretTokenDigest(near).slice(0, 8)).not.toBe(digest.slice(0, 8));
  });

  it('refuses a record whose stored digest is not the token’s (an engine that matched loosely)', async () => {
    const loose = async () => ({ id: 'chk_2', tokenDigest: digest.toUpperCase() });
    expect(await findBySecretToken(token.toUpperCase(), loose, (row) => row.tokenDigest)).toBeNull();
  });
});
