import { config } from '@/lib/config';
import { renderApiReferencePage } from '@/lib/http/api-reference-page';
import { apiReferencePolicy } from '@/lib/security/content-security-policy';

// Interactive API reference; its script is served from /vendor (copied from swagger-ui-dist at build time).
export function GET(): Response {
  return new Response(renderApiReferencePage(config().SITE_URL), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300', 'content-security-policy': apiReferencePolicy() },
  });
}
