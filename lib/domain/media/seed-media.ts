import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { CENTRE, type FocalPoint } from '@/lib/image-processing/focal-crop';
import { inspectUpload } from '@/lib/image-processing/inspect-upload';
import { keptOriginal } from '@/lib/image-processing/kept-original';
import type { ProcessedImage } from '@/lib/image-processing/process-image';
import { processImage } from '@/lib/image-processing/process-image';
import { mediaStorage } from '@/lib/media-storage';
import { processedFiles } from './processed-files';
import { renditionsOf } from './media-renditions';
import { unsharedKeys } from './unshared-keys';

/** A picture of the seed content (prisma/content/media.json), made on this machine: never downloaded. */
export interface SeedPicture {
  id: string;
  /** The name the library lists it by. */
  name: string;
  alt: string | null;
  decorative: boolean;
  png: Uint8Array;
}

export type ImageProcessor = (original: Uint8Array, focal: FocalPoint) => Promise<ProcessedImage>;

const SEED_UPLOADER = { uploadedById: 'system', uploadedByName: 'Seed content' };

/**
 * Puts the seed's pictures in the library, processed at once (the seed runs before anything serves, so no job waits
 * for a runner): the same checks, original and sizes as an upload. A picture whose original is already there is left
 * as it is, apart from its alt text, so seeding again costs nothing.
 */
export async function importSeedPictures(pictures: readonly SeedPicture[], process: ImageProcessor = processImage): Promise<number> {
  const settings = config();
  const storage = mediaStorage();
  let made = 0;
  for (const picture of pictures) {
    const inspected = await inspectUpload(picture.png, { maxBytes: settings.MEDIA_MAX_BYTES, maxPixels: settings.MEDIA_MAX_PIXELS });
    const kept = await keptOriginal(picture.png, inspected, settings.MEDIA_MAX_PIXELS);
    const key = `o/${picture.id}/seed-${createHash('sha256').update(kept.bytes).digest('hex').slice(0, 16)}`;
    const text = { name: picture.name, alt: picture.decorative ? null : picture.alt, decorative: picture.decorative };
    const existing = await db.mediaAsset.findUnique({ where: { id: picture.id }, select: { originalKey: true, status: true } });
    if (existing?.originalKey === key && existing.status === 'ready') {
      await db.mediaAsset.update({ where: { id: picture.id }, data: text });
      continue;
    }
    const processed = await process(kept.bytes, CENTRE);
    const files = processedFiles(picture.id, processed);
    await storage.put(key, kept.bytes, kept.contentType);
    await files.store();
    const row = {
      ...text,
      status: 'ready',
      sourceType: inspected.type,
      sourceBytes: picture.png.byteLength,
      originalKey: key,
      originalType: kept.contentType,
      width: kept.width,
      height: kept.height,
      focalX: CENTRE.x,
      focalY: CENTRE.y,
      renditions: renditionsOf(processed, 1) as unknown as Prisma.InputJsonValue,
      placeholder: processed.placeholder,
      dominantColor: processed.dominantColor,
      processedAt: new Date(),
    };
    const replaced = await db.$transaction(async (tx) => {
      const old = await tx.mediaVariant.findMany({ where: { mediaId: picture.id }, select: { storageKey: true } });
      await tx.mediaVariant.deleteMany({ where: { mediaId: picture.id } });
      await tx.mediaAsset.upsert({ where: { id: picture.id }, create: { id: picture.id, ...row, ...SEED_UPLOADER }, update: { ...row, version: 1 } });
      await tx.mediaVariant.createMany({ data: files.rows });
      return [...(existing ? [existing.originalKey] : []), ...old.map((variant) => variant.storageKey)].filter((old) => old !== key);
    });
    await storage.delete(await unsharedKeys(replaced));
    made += 1;
  }
  return made;
}
