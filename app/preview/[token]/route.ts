import { cookies, draftMode } from 'next/headers';
import { previewPathOf, resolvePreviewLink } from '@/lib/domain/content-workflow/preview-links';
import { PREVIEW_LINK_COOKIE } from '@/lib/site/preview-mode';

const NOT_FOR_INDEXING = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

/** Unknown, malformed, expired and revoked links all get this same answer. */
function notValid(): Response {
  const body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Preview link not valid</title></head>' +
    '<body><main><h1>This preview link is not valid</h1><p>It may have expired or been withdrawn. Ask the person who sent it for a new one.</p></main></body></html>';
  return new Response(body, { status: 404, headers: { ...NOT_FOR_INDEXING, 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * A reviewer's preview link: a valid one turns on draft mode with the link in a cookie (the site then shows that one
 * item's draft, and nothing else unpublished) and goes to the item's own page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const link = await resolvePreviewLink(token);
  const path = link && (await previewPathOf(link.type, link.itemId));
  if (!link || !path) return notValid();
  (await draftMode()).enable();
  (await cookies()).set(PREVIEW_LINK_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: process.env.NODE_ENV === 'production',
    path: '/',
    expires: link.expiresAt,
  });
  return new Response(null, { status: 303, headers: { ...NOT_FOR_INDEXING, location: path } });
}
