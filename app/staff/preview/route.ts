import { cookies, draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { isContentTypeId } from '@/lib/domain/content-workflow/content-types';
import { previewPathOf } from '@/lib/domain/content-workflow/preview-links';
import { PREVIEW_LINK_COOKIE } from '@/lib/site/preview-mode';
import { requireStaff } from '@/lib/staff-web/current-staff';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const unknown = () => new Response('Unknown content to preview.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** Staff preview of every draft: checks the session, enables draft mode and goes to the item's own page (never a URL from the query). */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  await requireStaff('content', `/staff/preview${url.search}`);
  const type = url.searchParams.get('type');
  const id = url.searchParams.get('id') ?? '';
  if (!isContentTypeId(type) || !SLUG.test(id)) return unknown();
  const path = await previewPathOf(type, id);
  if (!path) return unknown();
  (await draftMode()).enable();
  // A reviewer's link would narrow the preview to one item; staff see every draft.
  (await cookies()).delete(PREVIEW_LINK_COOKIE);
  redirect(path);
}
