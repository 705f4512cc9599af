import type { ItemWorkspace } from '@/lib/domain/content-workflow/item-workspace';
import { formatDateTime } from '@/lib/format';

/** Where an item stands: live or not, its draft, and its schedule. */
export function liveStatus(workspace: Pick<ItemWorkspace, 'live'>): 'published' | 'offline' | 'not published' {
  if (!workspace.live) return 'not published';
  return workspace.live.published ? 'published' : 'offline';
}

export function ItemStatus({ workspace, zone }: { workspace: ItemWorkspace; zone: string }) {
  const { draft } = workspace;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium">Live</dt>
      <dd>
        <strong data-testid="content-status">{liveStatus(workspace)}</strong>
      </dd>
      <dt className="font-medium">Draft</dt>
      <dd data-testid="draft-status">
        {draft
          ? `saved by ${draft.updatedByName}, ${formatDateTime(draft.updatedAt.toISOString(), zone)} (revision ${draft.revision})`
          : 'none: the editor shows what is live'}
      </dd>
      <dt className="font-medium">Scheduled</dt>
      <dd data-testid="schedule-status">{draft?.publishAt ? `${formatDateTime(draft.publishAt.toISOString(), zone)}, by ${draft.scheduledByName}` : 'no'}</dd>
    </dl>
  );
}
