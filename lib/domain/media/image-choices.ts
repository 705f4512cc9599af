import { db } from '@/lib/db/client';
import { parseRenditions } from './media-renditions';
import { mediaPath } from './published-image';
import { mediaMarkdown } from './media-references';

/** A library image as the editor offers it for a field or for the article's Markdown. */
export interface ImageChoice {
  id: string;
  /** Its file name and what it shows, to pick it by. */
  label: string;
  /** A small WebP of it, once processed. */
  thumbnail: string | null;
  /** Processed, with alt text or marked decorative: placing anything else is refused when the draft is saved. */
  usable: boolean;
  /** What the editor inserts into Markdown: `![alt](media:<id>)`, carrying its alt text. */
  markdown: string;
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Every image of the library, newest first, for the editor's image fields and its "insert an image" list. */
export async function imageChoices(limit = 500): Promise<ImageChoice[]> {
  const rows = await db.mediaAsset.findMany({
    select: { id: true, name: true, alt: true, decorative: true, status: true, renditions: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: limit,
  });
  return rows.map((row) => {
    const renditions = parseRenditions(row);
    const described = row.decorative || Boolean(row.alt);
    const what = row.decorative ? 'decorative' : (row.alt ?? 'no alt text yet');
    return {
      id: row.id,
      label: `${row.name}: ${shorten(what, 80)}${row.status === 'ready' ? '' : row.status === 'failed' ? ' (failed)' : ' (processing)'}`,
      thumbnail: renditions ? mediaPath(renditions.full, renditions.full.sizes[0]!.slot, 'webp') : null,
      usable: row.status !== 'failed' && described,
      markdown: mediaMarkdown(row.decorative ? '' : (row.alt ?? ''), row.id),
    };
  });
}
