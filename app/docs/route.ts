import { renderApiReferencePage } from '@/lib/http/api-reference-page';

// Interactive API reference; its script is served from /vendor (copied from @scalar/api-reference at build time).
export function GET(): Response {
  return new Response(renderApiReferencePage(), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
