import { db } from '@/lib/db/client';
import { notFound } from '../../core/errors';
import type { AnyContentType, ContentTypeId, LiveItem } from './content-type';
import { contentType } from './content-types';
import type { DraftView } from './drafts';
import { findDraft } from './drafts';
import { listPreviewLinks } from './preview-links';
import type { PublishImpact } from './publish-impact';
import { publishImpact } from './publish-impact';
import type { ScheduleFailure } from './schedule-failures';
import { listScheduleFailures } from './schedule-failures';
import { currentVersionNumber } from './versions';

/** Everything the editor page of one item shows. */
export interface ItemWorkspace {
  definition: AnyContentType;
  itemId: string;
  title: string;
  live: LiveItem<unknown> | null;
  draft: DraftView | null;
  /** What the editor starts from: the draft, else what is live. */
  working: unknown;
  versionCount: number;
  /** The live version's number, which the editor sends back so a save from a stale editor is refused (EditorBase). */
  liveVersion: number;
  sitePath: string | null;
  previewLinks: Awaited<ReturnType<typeof listPreviewLinks>>;
  failure: ScheduleFailure | null;
  impact: PublishImpact | null;
}

export async function loadItemWorkspace(type: ContentTypeId, itemId: string, now = new Date()): Promise<ItemWorkspace> {
  const definition = contentType(type);
  const [live, draft] = await Promise.all([definition.readLive(db, itemId), findDraft(type, itemId)]);
  const working = draft?.item ?? live?.item;
  if (working === undefined) throw notFound(definition.label, itemId);
  const [versionCount, liveVersion, previewLinks, failures, impact] = await Promise.all([
    db.contentVersion.count({ where: { type, itemId } }),
    currentVersionNumber(db, type, itemId, live !== null),
    listPreviewLinks(type, itemId, now),
    listScheduleFailures({ types: [type], itemId }),
    publishImpact(type, itemId, now),
  ]);
  return {
    definition,
    itemId,
    title: definition.title(working),
    live,
    draft,
    working,
    // An item nobody edited yet has its content import as version 1 (see listVersions).
    versionCount: Math.max(versionCount, live ? 1 : 0),
    liveVersion,
    sitePath: definition.overlay ? definition.sitePath(working) : null,
    previewLinks,
    failure: failures[0] ?? null,
    impact,
  };
}
