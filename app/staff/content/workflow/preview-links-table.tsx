import type { listPreviewLinks } from '@/lib/domain/content-workflow/preview-links';
import { formatDateTime } from '@/lib/format';

type Links = Awaited<ReturnType<typeof listPreviewLinks>>;

const STATE_TEXT = { active: 'works', expired: 'expired', revoked: 'revoked' } as const;

/** Every preview link of the item: who made it and when, until when it works, and Revoke for the working ones. */
export function PreviewLinksTable({ links, zone, revoke }: { links: Links; zone: string; revoke: (linkId: string) => () => Promise<void> }) {
  if (links.length === 0) return <p className="text-sm text-ink-muted">No preview links yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Preview links</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-2">
            Created
          </th>
          <th scope="col" className="py-1 pr-2">
            Until
          </th>
          <th scope="col" className="py-1 pr-2">
            State
          </th>
          <th scope="col" className="py-1">
            <span className="sr-only">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link.id} className="border-b border-line align-top" data-testid="preview-link-row">
            <td className="py-1 pr-2">
              {link.createdByName}, {formatDateTime(link.createdAt.toISOString(), zone)}
            </td>
            <td className="py-1 pr-2">{formatDateTime(link.expiresAt.toISOString(), zone)}</td>
            <td className="py-1 pr-2">
              {STATE_TEXT[link.state]}
              {link.revokedByName && ` by ${link.revokedByName}`}
            </td>
            <td className="py-1">
              {link.state === 'active' && (
                <form action={revoke(link.id)}>
                  <button type="submit" className="underline">
                    Revoke
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
