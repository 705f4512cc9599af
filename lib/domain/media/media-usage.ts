import { db } from '@/lib/db/client';
import { stringArray } from '@/lib/core/json-columns';
import type { Tx } from '../content-workflow/content-type';
import { mediaIdsInMarkdown } from './media-references';

/** One place that shows an image. */
export interface MediaUse {
  /** The content kind and item, to link to its editor. */
  type: 'insight' | 'service' | 'company';
  itemId: string;
  title: string;
  /** Where on it: "hero image", "article body", "card and page", "portrait of Margaret Okafor". */
  place: string;
  /** live: what is (or was) published; draft: a saved, unpublished draft. */
  stage: 'live' | 'draft';
}

type Record = { [key: string]: unknown };
const isRecord = (value: unknown): value is Record => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The images an item names, by place, read from its JSON (a draft) in the shape of its content type. */
export function mediaPlacesOfItem(type: string, item: unknown): { mediaId: string; place: string }[] {
  if (!isRecord(item)) return [];
  if (type === 'insight') {
    const hero = isRecord(item.image) && typeof item.image.mediaId === 'string' ? [{ mediaId: item.image.mediaId, place: 'hero image' }] : [];
    const body = typeof item.content === 'string' ? mediaIdsInMarkdown(item.content).map((mediaId) => ({ mediaId, place: 'article body' })) : [];
    return [...hero, ...body];
  }
  if (type === 'service') return typeof item.imageId === 'string' ? [{ mediaId: item.imageId, place: 'card and page' }] : [];
  if (type === 'company' && Array.isArray(item.leadership)) {
    return item.leadership.flatMap((leader) =>
      isRecord(leader) && typeof leader.portraitId === 'string' ? [{ mediaId: leader.portraitId, place: `portrait of ${String(leader.name)}` }] : [],
    );
  }
  return [];
}

/**
 * Every place that shows a library image, by image id: live insights (hero and body), services and leaders, and every
 * saved draft. An image in any of them is in use and cannot be deleted.
 */
export async function mediaUses(tx: Tx = db): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>();
  const add = (mediaId: string, use: MediaUse) => uses.set(mediaId, [...(uses.get(mediaId) ?? []), use]);
  const insights = await tx.insight.findMany({ select: { id: true, title: true, imageId: true, bodyMediaIds: true }, orderBy: { id: 'asc' } });
  for (const insight of insights) {
    const base = { type: 'insight', itemId: insight.id, title: insight.title, stage: 'live' } as const;
    if (insight.imageId) add(insight.imageId, { ...base, place: 'hero image' });
    const body = insight.bodyMediaIds === null ? [] : stringArray(insight.bodyMediaIds, 'Insight.bodyMediaIds');
    for (const mediaId of body) add(mediaId, { ...base, place: 'article body' });
  }
  const services = await tx.service.findMany({ where: { imageId: { not: null } }, select: { id: true, name: true, imageId: true }, orderBy: { id: 'asc' } });
  for (const service of services) add(service.imageId!, { type: 'service', itemId: service.id, title: service.name, place: 'card and page', stage: 'live' });
  const leaders = await tx.leader.findMany({ where: { portraitId: { not: null } }, select: { name: true, portraitId: true }, orderBy: { order: 'asc' } });
  for (const leader of leaders) {
    add(leader.portraitId!, { type: 'company', itemId: 'profile', title: 'Company profile', place: `portrait of ${leader.name}`, stage: 'live' });
  }
  const drafts = await tx.contentDraft.findMany({
    where: { type: { in: ['insight', 'service', 'company'] } },
    select: { type: true, itemId: true, data: true },
  });
  for (const draft of drafts) {
    const title = isRecord(draft.data) ? String(draft.data.title ?? draft.data.name ?? draft.itemId) : draft.itemId;
    for (const { mediaId, place } of mediaPlacesOfItem(draft.type, draft.data)) {
      add(mediaId, {
        type: draft.type as MediaUse['type'],
        itemId: draft.itemId,
        title: draft.type === 'company' ? 'Company profile' : title,
        place,
        stage: 'draft',
      });
    }
  }
  return uses;
}

/** "Insight “Buffer management” (hero image); draft of Service “Audit” (card and page)". */
export function describeUses(uses: readonly MediaUse[]): string {
  return uses
    .map(
      (use) => `${use.stage === 'draft' ? 'the draft of ' : ''}${use.type === 'company' ? 'the company profile' : `${use.type} “${use.title}”`} (${use.place})`,
    )
    .join('; ');
}
