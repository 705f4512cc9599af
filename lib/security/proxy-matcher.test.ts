import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { config } from '@/proxy';

const passesProxy = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}`, nextConfig: { skipProxyUrlNormalize: true } });

describe('what proxy.ts runs on', () => {
  it.each(['/', '/about', '/insights/buffer-management-red-zones', '/staff', '/staff/media', '/staff/media/med_abc', '/privacy', '/docs'])(
    'the page %s',
    (path) => expect(passesProxy(path)).toBe(true),
  );

  // Next hands a proxy a copy of the body and cuts the route's own at proxyClientMaxBodySize (10 MB): an upload of 10 to
  // 15 MB lost its file.
  it.each(['/staff/media/upload', '/v1/services', '/v1', '/media/0123/320.jpg', '/_next/static/x.js', '/vendor/swagger-ui/swagger-ui.css', '/favicon.ico'])(
    'not %s',
    (path) => expect(passesProxy(path)).toBe(false),
  );
});
