import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireStaff } from '@/lib/staff-web/current-staff';

/** Content types that can be previewed, and where each lives on the site. Never a URL from the query. */
const PATH_OF = {
  insight: (id: string) => `/insights/${id}`,
  service: (id: string) => `/services/${id}`,
} as const;

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  await requireStaff('content', `/staff/preview${url.search}`);
  const type = url.searchParams.get('type') as keyof typeof PATH_OF | null;
  const id = url.searchParams.get('id') ?? '';
  if (!type || !(type in PATH_OF) || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) {
    return new Response('Unknown content to preview.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  (await draftMode()).enable();
  redirect(PATH_OF[type](id));
}
