import { StaffTable } from '@/components/staff/staff-table';
import type { listPreviewLinks } from '@/lib/domain/content-workflow/preview-links';
import { formatDateTime } from '@/lib/format';

type Links = Awaited<ReturnType<typeof listPreviewLinks>>;

const STATE_TEXT = { active: 'works', expired: 'expired', revoked: 'revoked' } as const;

/** Every preview link of the item: who made it and when, until when it works, and Revoke for the working ones. */
export function PreviewLinksTable({ links, zone, revoke }: { links: Links; zone: string; revoke: (linkId: string) => () => Promise<void> }) {
  if (links.length === 0) return <p className="text-sm text-ink-muted">No preview links yet.</p>;
  return (
    <StaffTable
      compact
      caption="Preview links"
      rows={links}
      rowTestId={() => 'preview-link-row'}
      columns={[
        { heading: 'Created', cell: (link) => `${link.createdByName}, ${formatDateTime(link.createdAt.toISOString(), zone)}` },
        { heading: 'Until', cell: (link) => formatDateTime(link.expiresAt.toISOString(), zone) },
        { heading: 'State', cell: (link) => STATE_TEXT[link.state] + (link.revokedByName ? ` by ${link.revokedByName}` : '') },
        {
          heading: 'Action',
          headingHidden: true,
          cell: (link) =>
            link.state === 'active' && (
              <form action={revoke(link.id)}>
                <button type="submit" className="underline">
                  Revoke
                </button>
              </form>
            ),
        },
      ]}
    />
  );
}
