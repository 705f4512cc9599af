import { db } from '@/lib/db/client';
import type { ContentTypeId, LiveSummary } from './content-type';
import { contentType } from './content-types';

export interface DraftSummary {
  revision: number;
  updatedAt: Date;
  updatedByName: string;
  publishAt: Date | null;
  scheduledByName: string | null;
}

export interface StaffContentEntry extends LiveSummary {
  type: ContentTypeId;
  /** A live row exists (published or offline); false for a new item that is only a draft. */
  live: boolean;
  draft: DraftSummary | null;
}

const draftSummary = (row: DraftSummary): DraftSummary => ({
  revision: row.revision,
  updatedAt: row.updatedAt,
  updatedByName: row.updatedByName,
  publishAt: row.publishAt,
  scheduledByName: row.scheduledByName,
});

/** Every item of a kind with its draft and schedule, new items (drafts only) first. */
export async function listContentForStaff(type: ContentTypeId): Promise<StaffContentEntry[]> {
  const definition = contentType(type);
  const [live, drafts] = await Promise.all([definition.listLive(db), db.contentDraft.findMany({ where: { type }, orderBy: { updatedAt: 'desc' } })]);
  const draftOf = new Map(drafts.map((draft) => [draft.itemId, draft]));
  const liveIds = new Set(live.map((entry) => entry.id));
  const fresh = drafts
    .filter((draft) => !liveIds.has(draft.itemId))
    .map((draft): StaffContentEntry => {
      const parsed = definition.schema.safeParse(draft.data);
      return {
        type,
        id: draft.itemId,
        title: parsed.success ? definition.title(parsed.data) : draft.itemId,
        published: false,
        live: false,
        draft: draftSummary(draft),
      };
    });
  const existing = live.map((entry): StaffContentEntry => {
    const draft = draftOf.get(entry.id);
    return { ...entry, type, live: true, draft: draft ? draftSummary(draft) : null };
  });
  return [...fresh, ...existing];
}

/** Drafts being worked on across the given kinds, the scheduled ones first (soonest first), then the newest. */
export async function draftsInProgress(types: readonly ContentTypeId[]): Promise<StaffContentEntry[]> {
  const drafts = await db.contentDraft.findMany({ where: { type: { in: [...types] } }, orderBy: [{ publishAt: 'asc' }, { updatedAt: 'desc' }] });
  const entries = await Promise.all(
    drafts.map(async (draft): Promise<StaffContentEntry> => {
      const type = draft.type as ContentTypeId;
      const definition = contentType(type);
      const live = await definition.readLive(db, draft.itemId);
      const parsed = definition.schema.safeParse(draft.data);
      return {
        type,
        id: draft.itemId,
        title: parsed.success ? definition.title(parsed.data) : draft.itemId,
        published: live?.published ?? false,
        live: live !== null,
        draft: draftSummary(draft),
      };
    }),
  );
  // Scheduled ones first, soonest first (engines disagree on where NULL sorts, so the split is made here).
  return [...entries.filter((e) => e.draft?.publishAt), ...entries.filter((e) => !e.draft?.publishAt)];
}
