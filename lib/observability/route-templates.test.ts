import { describe, expect, it } from 'vitest';
import { createRouteTemplates, UNMATCHED } from './route-templates.mjs';

/** A few routes as `next build` lists them in .next/routes-manifest.json. */
const manifest = {
  staticRoutes: [{ page: '/' }, { page: '/v1/services' }, { page: '/staff/jobs' }],
  dynamicRoutes: [
    { page: '/bookings/[token]', regex: '^/bookings/([^/]+?)(?:/)?$' },
    { page: '/v1/checkout/[token]', regex: '^/v1/checkout/([^/]+?)(?:/)?$' },
    { page: '/v1/services/[serviceId]', regex: '^/v1/services/([^/]+?)(?:/)?$' },
    { page: '/v1/services/[serviceId]/faq', regex: '^/v1/services/([^/]+?)/faq(?:/)?$' },
    { page: '/v1/[[...path]]', regex: '^/v1(?:/(.+?))?(?:/)?$' },
    { page: '/[...unmatched]', regex: '^/(.+?)(?:/)?$' },
  ],
};
const templateOf = createRouteTemplates({ manifest, publicFiles: ['/vendor/swagger-ui/swagger-ui.css'], ownRoutes: ['/metrics', '/livez'] });

describe('route templates', () => {
  it.each([
    ['/', '/'],
    ['/v1/services', '/v1/services'],
    ['/v1/services/', '/v1/services'],
    ['/v1/services/constraint-snapshot', '/v1/services/{serviceId}'],
    ['/v1/services/constraint-snapshot/faq', '/v1/services/{serviceId}/faq'],
    ['/v1/checkout/0123456789abcdef-secret', '/v1/checkout/{token}'],
    ['/bookings/secret-token', '/bookings/{token}'],
    ['/v1/no/such/operation', '/v1/*'],
    ['/wp-login.php', UNMATCHED],
    ['/_next/static/chunks/main-abc.js', '/_next/*'],
    ['/vendor/swagger-ui/swagger-ui.css', '/vendor/swagger-ui/swagger-ui.css'],
    ['/metrics', '/metrics'],
    ['/livez', '/livez'],
  ])('%s → %s', (pathname, template) => {
    expect(templateOf(pathname)).toBe(template);
  });

  it('collapses every unknown path into one label, so a scanner cannot grow the metrics', () => {
    const labels = new Set(Array.from({ length: 1000 }, (_, i) => templateOf(`/scan-${i}/x`)));
    expect([...labels]).toEqual([UNMATCHED]);
  });
});
