import { describe, expect, it } from 'vitest';
import { clientKindOf, declinesTracking } from './counting-rules';

describe('who is counted', () => {
  it('leaves out bots by the maintained list, and a missing User-Agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      '',
      undefined,
    ]) {
      expect(clientKindOf(agent).bot, String(agent)).toBe(true);
    }
  });

  it('names the device class of people’s browsers', () => {
    expect(clientKindOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      bot: false,
      device: 'desktop',
    });
    expect(clientKindOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15')).toEqual({
      bot: false,
      device: 'desktop',
    });
    expect(
      clientKindOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
    ).toEqual({ bot: false, device: 'mobile' });
    expect(clientKindOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toEqual({
      bot: false,
      device: 'mobile',
    });
    expect(
      clientKindOf('Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1'),
    ).toEqual({ bot: false, device: 'tablet' });
    expect(clientKindOf('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      bot: false,
      device: 'tablet',
    });
  });

  it('honours Sec-GPC: 1 and DNT: 1, and nothing else', () => {
    expect(declinesTracking({ 'sec-gpc': '1' })).toBe(true);
    expect(declinesTracking({ dnt: '1' })).toBe(true);
    expect(declinesTracking({ 'sec-gpc': ' 1 ', dnt: '0' })).toBe(true);
    expect(declinesTracking({ 'sec-gpc': '0', dnt: '0' })).toBe(false);
    expect(declinesTracking({ dnt: 'null' })).toBe(false);
    expect(declinesTracking({})).toBe(false);
  });
});
