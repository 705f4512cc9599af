import Link from 'next/link';
import { StaffTable } from '@/components/staff/staff-table';
import type { StaffContentEntry } from '@/lib/domain/content-workflow/content-lists';
import { formatDateTime } from '@/lib/format';
import { editorPath } from '../content-paths';
import { contentType } from '@/lib/domain/content-workflow/content-types';

function LiveBadge({ entry }: { entry: StaffContentEntry }) {
  const text = !entry.live ? 'new' : entry.published ? 'published' : 'offline';
  const tone = entry.published ? 'border-line text-ink-muted' : 'border-accent text-accent';
  return <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>{text}</span>;
}

/** Items with their state: live or not, a draft, and the time a schedule will publish it (in the firm's zone). */
export function ContentTable({
  entries,
  zone,
  caption,
  showType = false,
  empty = 'Nothing here yet.',
}: {
  entries: readonly StaffContentEntry[];
  zone: string;
  caption: string;
  showType?: boolean;
  empty?: string;
}) {
  return (
    <StaffTable
      className="mt-4"
      fixedLayout
      caption={caption}
      empty={empty}
      rows={entries}
      rowKey={(entry) => `${entry.type}:${entry.id}`}
      rowTestId={(entry) => `content-row-${entry.id}`}
      columns={[
        showType && { heading: 'Kind', headingClassName: 'w-28', cell: (entry) => contentType(entry.type).label },
        {
          heading: 'Title',
          headingClassName: 'w-1/2',
          cell: (entry) => (
            <>
              <Link className="underline-offset-4 hover:underline" href={editorPath(contentType(entry.type), entry.id)}>
                {entry.title}
              </Link>
              {entry.detail && <span className="block text-ink-muted">{entry.detail}</span>}
            </>
          ),
        },
        { heading: 'Live', headingClassName: 'w-24', cell: (entry) => <LiveBadge entry={entry} /> },
        {
          heading: 'Draft',
          cell: (entry) => (entry.draft ? `${entry.draft.updatedByName}, ${formatDateTime(entry.draft.updatedAt.toISOString(), zone)}` : ''),
        },
        {
          heading: 'Scheduled',
          cellTestId: 'scheduled-at',
          cell: (entry) => (entry.draft?.publishAt ? formatDateTime(entry.draft.publishAt.toISOString(), zone) : ''),
        },
      ]}
    />
  );
}
