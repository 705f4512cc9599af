import Link from 'next/link';
import type { MediaUse } from '@/lib/domain/media/media-usage';

const EDITOR_SEGMENT = { insight: 'insights', service: 'services', company: 'company' } as const;

/** Where an image is shown, each place linking to its editor. */
export function MediaUseList({ uses }: { uses: readonly MediaUse[] }) {
  if (uses.length === 0) return <p className="text-sm text-ink-muted">Not used anywhere.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {uses.map((use) => (
        <li key={`${use.type}:${use.itemId}:${use.place}:${use.stage}`}>
          <Link className="underline" href={`/staff/content/${EDITOR_SEGMENT[use.type]}/${encodeURIComponent(use.itemId)}`}>
            {use.title}
          </Link>{' '}
          <span className="text-ink-muted">
            ({use.place}
            {use.stage === 'draft' ? ', in a draft' : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}
