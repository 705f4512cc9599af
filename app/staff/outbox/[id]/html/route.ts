import { DomainError } from '@/lib/core/errors';
import { getOutboxMessage } from '@/lib/domain/mail/outbox-admin';
import { emailPartPolicy } from '@/lib/security/content-security-policy';
import { requireStaff } from '@/lib/staff-web/current-staff';

const notFound = () => new Response('No such message.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * The HTML part of one outbox message, as its own document so it can have its own policy: an email's markup relies on
 * inline styles, which the staff page's strict policy (rightly) refuses, and a srcdoc frame would inherit that policy.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  await requireStaff('outbox', `/staff/outbox/${id}`);
  let html: string | undefined;
  try {
    html = (await getOutboxMessage(id)).message?.html;
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
  }
  if (html === undefined) return notFound();
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'content-security-policy': emailPartPolicy(),
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    },
  });
}
