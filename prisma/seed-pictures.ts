import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { SeedPicture } from '../lib/domain/media/seed-media';
import { MEDIA_ID_PATTERN } from '../lib/domain/media/media-references';
import { CONTENT_DIR } from './load-content-files';

/**
 * The seed content's pictures (prisma/content/media.json), all made here: the diagrams are SVG files written by hand
 * under prisma/content/media and rendered to PNG by sharp; each consultant's portrait is a generated monogram. Nothing
 * is downloaded and no photograph of anyone is used.
 */
const Entry = z.union([
  z.object({ id: z.string().regex(MEDIA_ID_PATTERN), name: z.string(), drawing: z.string().regex(/^[a-z0-9-]+\.svg$/), alt: z.string().min(1) }),
  z.object({ id: z.string().regex(MEDIA_ID_PATTERN), name: z.string(), monogramOf: z.string().min(1), decorative: z.literal(true) }),
]);

/** Background colours of the monograms: the site's ink and accent, and three quiet companions. */
const MONOGRAM_COLOURS = ['#14213d', '#9a3412', '#2f5d50', '#4b3f72', '#1f5f7a'];

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A square portrait stand-in: the person's initials on a colour chosen from their name, always the same. */
export function monogramSvg(name: string, size = 640): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const colour = MONOGRAM_COLOURS[createHash('sha256').update(name).digest()[0]! % MONOGRAM_COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 640 640">
  <rect width="640" height="640" fill="${colour}"/>
  <circle cx="320" cy="320" r="250" fill="none" stroke="#fdba74" stroke-width="6" opacity="0.8"/>
  <text x="320" y="390" font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-size="210" font-weight="bold" fill="#fbfaf7" text-anchor="middle">${xmlEscape(initials)}</text>
</svg>`;
}

export async function loadSeedPictures(): Promise<SeedPicture[]> {
  const entries = z.array(Entry).parse(JSON.parse(readFileSync(path.join(CONTENT_DIR, 'media.json'), 'utf8')));
  const pictures: SeedPicture[] = [];
  for (const entry of entries) {
    const svg = 'drawing' in entry ? readFileSync(path.join(CONTENT_DIR, 'media', entry.drawing)) : Buffer.from(monogramSvg(entry.monogramOf));
    const png = await sharp(svg).png().toBuffer();
    pictures.push({ id: entry.id, name: entry.name, alt: 'alt' in entry ? entry.alt : null, decorative: !('alt' in entry), png });
  }
  return pictures;
}

/** The picture ids the content files name (insight heroes and bodies, services, portraits) that media.json lacks. */
export function missingPictureIds(referenced: readonly string[], pictures: readonly Pick<SeedPicture, 'id'>[]): string[] {
  const known = new Set(pictures.map((picture) => picture.id));
  return [...new Set(referenced)].filter((id) => !known.has(id));
}
