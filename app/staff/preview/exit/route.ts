import { draftMode } from 'next/headers';

/** Leaves draft mode (a POST from the preview banner) and goes back to the public site. */
export async function POST(request: Request): Promise<Response> {
  (await draftMode()).disable();
  return new Response(null, { status: 303, headers: { location: new URL('/', request.url).pathname } });
}
