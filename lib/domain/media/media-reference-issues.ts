import type { ReferenceIssue, Tx } from '../content-workflow/content-type';
import { holdImagesForPlacement } from './image-row-locks';

/** An image an item names, and where in the item (the path of the field an error belongs to). */
export interface MediaReference {
  mediaId: string;
  path: (string | number)[];
}

/**
 * The content rules an image reference must meet, in zod's issue shape so the editor shows them at the field: the image
 * exists in the library, was processed, and has alt text or is marked decorative. An image still being processed may
 * be placed; pages show it once its sizes are made.
 */
export async function mediaReferenceIssues(tx: Tx, references: readonly MediaReference[]): Promise<ReferenceIssue[]> {
  if (references.length === 0) return [];
  const ids = [...new Set(references.map((reference) => reference.mediaId))];
  // Every save, publish and restore checks its images here, in its own transaction: the images stay until it ends.
  await holdImagesForPlacement(tx, ids);
  const rows = await tx.mediaAsset.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, status: true, alt: true, decorative: true } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return references.flatMap(({ mediaId, path }): ReferenceIssue[] => {
    const row = byId.get(mediaId);
    const issue = (message: string): ReferenceIssue[] => [{ code: 'custom', path, message, input: mediaId }];
    if (!row) return issue(`there is no image ${mediaId} in the media library`);
    if (row.status === 'failed') return issue(`the image “${row.name}” could not be processed; upload it again`);
    if (!row.decorative && !row.alt) return issue(`the image “${row.name}” has no alt text yet: write it in the media library, or mark the image decorative`);
    return [];
  });
}
