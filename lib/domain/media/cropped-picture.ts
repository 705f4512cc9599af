import { coverAroundFocalPoint } from '@/lib/image-processing/focal-crop';
import { mediaStorage } from '@/lib/media-storage';
import { db } from '@/lib/db/client';
import type { PublishedImage } from './published-image';

/**
 * A published image cropped around its focal point to exactly `width` × `height`, as a JPEG data: URL: the picture of a
 * social card. Made from the largest JPEG of the image; null when its file cannot be read.
 */
export async function croppedPicture(image: PublishedImage, width: number, height: number): Promise<string | null> {
  const largest = image.full.sizes.at(-1)!;
  const row = await db.mediaVariant.findFirst({ where: { hash: image.full.hash, slot: largest.slot, format: 'jpg' }, select: { storageKey: true } });
  const bytes = row && (await mediaStorage().get(row.storageKey));
  if (!bytes) return null;
  const jpeg = await coverAroundFocalPoint(bytes, width, height, image.focal);
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
