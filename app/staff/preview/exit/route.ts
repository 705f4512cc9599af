import { cookies, draftMode } from 'next/headers';
import { PREVIEW_LINK_COOKIE } from '@/lib/site/preview-mode';

/** Leaves draft mode and any preview link (a POST from the preview banner) and goes back to the public site. */
export async function POST(request: Request): Promise<Response> {
  (await draftMode()).disable();
  (await cookies()).delete(PREVIEW_LINK_COOKIE);
  return new Response(null, { status: 303, headers: { location: new URL('/', request.url).pathname } });
}
