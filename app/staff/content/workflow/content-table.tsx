import Link from 'next/link';
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
  if (entries.length === 0) return <p className="mt-4 text-ink-muted">{empty}</p>;
  return (
    <table className="mt-4 w-full table-fixed text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          {showType && (
            <th scope="col" className="w-28 py-2 pr-3">
              Kind
            </th>
          )}
          <th scope="col" className="w-1/2 py-2 pr-3">
            Title
          </th>
          <th scope="col" className="w-24 py-2 pr-3">
            Live
          </th>
          <th scope="col" className="py-2 pr-3">
            Draft
          </th>
          <th scope="col" className="py-2">
            Scheduled
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={`${entry.type}:${entry.id}`} className="border-b border-line align-top" data-testid={`content-row-${entry.id}`}>
            {showType && <td className="py-2 pr-3">{contentType(entry.type).label}</td>}
            <td className="py-2 pr-3">
              <Link className="underline-offset-4 hover:underline" href={editorPath(contentType(entry.type), entry.id)}>
                {entry.title}
              </Link>
              {entry.detail && <span className="block text-ink-muted">{entry.detail}</span>}
            </td>
            <td className="py-2 pr-3">
              <LiveBadge entry={entry} />
            </td>
            <td className="py-2 pr-3">{entry.draft ? `${entry.draft.updatedByName}, ${formatDateTime(entry.draft.updatedAt.toISOString(), zone)}` : ''}</td>
            <td className="py-2" data-testid="scheduled-at">
              {entry.draft?.publishAt ? formatDateTime(entry.draft.publishAt.toISOString(), zone) : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
