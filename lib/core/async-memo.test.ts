import { describe, expect, it } from 'vitest';
import { asyncMemo } from './async-memo';

describe('asyncMemo', () => {
  it('shares one load between callers that ask at once, and reuses its value', async () => {
    const memo = asyncMemo<string[]>(10);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ['a'];
    };
    const [first, second] = await Promise.all([memo('k', load), memo('k', load)]);
    expect(first).toBe(second);
    expect(await memo('k', load)).toBe(first);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next caller retries', async () => {
    const memo = asyncMemo<string[]>(10);
    await expect(memo('k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(await memo('k', async () => ['retried'])).toEqual(['retried']);
  });

  it('keeps at most max values, dropping the least recently used', async () => {
    const memo = asyncMemo<string[]>(2);
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return [value];
    };
    await memo('a', load('a'));
    await memo('b', load('b'));
    await memo('a', load('a'));
    await memo('c', load('c'));
    expect(loads).toBe(3);
    expect(await memo('b', load('b'))).toEqual(['b']);
    expect(loads).toBe(4);
  });
});
