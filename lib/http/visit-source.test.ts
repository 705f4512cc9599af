import { describe, expect, it } from 'vitest';
import { DRAFT_MODE_COOKIE } from '@/lib/page-cache/cache-bypass';
import { SESSION_COOKIE } from '@/lib/staff-web/session-cookie';
import { visitSourceOf } from './visit-source';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('the visit behind a request (visitSourceOf)', () => {
  it("reads node:http's headers in place: the last address the web server resolved, the User-Agent, counted", () => {
    expect(visitSourceOf({ 'x-forwarded-for': '198.51.100.4', 'user-agent': CHROME })).toEqual({
      address: '198.51.100.4',
      userAgent: CHROME,
      excluded: false,
    });
    expect(visitSourceOf({ 'x-forwarded-for': '10.0.0.1, 203.0.113.9 ', 'user-agent': CHROME }).address).toBe('203.0.113.9');
    expect(visitSourceOf({ 'x-forwarded-for': ['10.0.0.1', '203.0.113.10'] }).address).toBe('203.0.113.10');
    expect(visitSourceOf({})).toEqual({ address: 'unknown', userAgent: undefined, excluded: false });
    expect(visitSourceOf({ 'x-forwarded-for': ' , ' }).address).toBe('unknown');
  });

  it('leaves out a visit that asks not to be tracked, or a staff session or preview, and nothing else', () => {
    const base = { 'x-forwarded-for': '198.51.100.4', 'user-agent': CHROME };
    expect(visitSourceOf({ ...base, 'sec-gpc': '1' }).excluded).toBe(true);
    expect(visitSourceOf({ ...base, dnt: ' 1 ' }).excluded).toBe(true);
    expect(visitSourceOf({ ...base, dnt: '0', 'sec-gpc': '0' }).excluded).toBe(false);
    expect(visitSourceOf({ ...base, cookie: `theme=dark; ${SESSION_COOKIE}=abc` }).excluded).toBe(true);
    expect(visitSourceOf({ ...base, cookie: `${DRAFT_MODE_COOKIE}=1` }).excluded).toBe(true);
    expect(visitSourceOf({ ...base, cookie: `not-${SESSION_COOKIE}=abc` }).excluded).toBe(false);
  });

  it("reads the Fetch API's headers to the same answers", () => {
    const headers = new Headers({ 'x-forwarded-for': '10.0.0.1, 203.0.113.9', 'user-agent': CHROME });
    expect(visitSourceOf(headers)).toEqual({ address: '203.0.113.9', userAgent: CHROME, excluded: false });
    headers.set('sec-gpc', '1');
    expect(visitSourceOf(headers).excluded).toBe(true);
    expect(visitSourceOf(new Headers({ cookie: `${SESSION_COOKIE}=abc` }))).toEqual({ address: 'unknown', userAgent: undefined, excluded: true });
  });
});
