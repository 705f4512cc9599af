import { db } from '@/lib/db/client';
import { mediaIdsInMarkdown } from './media-references';
import type { PublishedImage } from './published-image';
import { PUBLISHED_IMAGE_COLUMNS, publishedImageOf } from './published-image';

/** The library images a Markdown text names that can be shown, published or not: what the editor's live preview draws. */
export async function imagesNamedIn(markdown: string): Promise<PublishedImage[]> {
  const ids = mediaIdsInMarkdown(markdown).slice(0, 100);
  if (ids.length === 0) return [];
  const rows = await db.mediaAsset.findMany({ where: { id: { in: ids } }, select: PUBLISHED_IMAGE_COLUMNS });
  return rows.flatMap((row) => publishedImageOf(row) ?? []);
}
