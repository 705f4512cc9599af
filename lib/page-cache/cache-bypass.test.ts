import { describe, expect, it } from 'vitest';
import { CACHE_BYPASS_COOKIES, mayUseCachedPage } from './cache-bypass';

describe('mayUseCachedPage', () => {
  it('lets a visitor read a cached copy with GET and HEAD, whatever other cookies they carry', () => {
    expect(mayUseCachedPage({ method: 'GET', cookieNames: [] })).toBe(true);
    expect(mayUseCachedPage({ method: 'HEAD', cookieNames: ['theme'] })).toBe(true);
  });

  it('renders every post for the request (forms, server actions)', () => {
    expect(mayUseCachedPage({ method: 'POST', cookieNames: [] })).toBe(false);
  });

  it.each(['tp_staff_session', '__prerender_bypass'])('never answers from a cache with the cookie %s', (cookie) => {
    expect(mayUseCachedPage({ method: 'GET', cookieNames: ['theme', cookie] })).toBe(false);
  });

  it('names the staff session and draft-mode cookies, which deploy/nginx.conf bypasses as well', () => {
    expect(CACHE_BYPASS_COOKIES).toEqual(['tp_staff_session', '__prerender_bypass']);
  });
});
