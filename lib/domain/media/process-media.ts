import { db } from '@/lib/db/client';
import { processImage } from '@/lib/image-processing/process-image';
import { PermanentJobError } from '@/lib/jobs/job-errors';
import { mediaStorage } from '@/lib/media-storage';
import type { Prisma } from '@/lib/generated/prisma/client';
import { bumpContentRevision } from '../content/content-revision';
import { revalidateContent } from '../content/revalidate-content';
import { processedFiles } from './processed-files';
import { renditionsOf } from './media-renditions';
import { unsharedKeys } from './unshared-keys';

export interface ProcessAttempt {
  attempt: number;
  maxAttempts: number;
}

/**
 * The `media.process` job: makes every size of an image from its kept original, stores the files, then in one
 * transaction swaps the image's file rows and renditions for the new ones and moves the content revision, so pages
 * that show the image are rendered again with its new addresses. A job for an older version (the original was replaced
 * or the focal point moved since) changes nothing. Files no image uses any more are deleted after the swap.
 */
export async function processMedia(mediaId: string, version: number, { attempt, maxAttempts }: ProcessAttempt): Promise<string> {
  const asset = await db.mediaAsset.findUnique({ where: { id: mediaId } });
  if (!asset) return 'skipped: the image was deleted';
  if (asset.version !== version) return `skipped: version ${version} was superseded by ${asset.version}`;
  const original = await mediaStorage().get(asset.originalKey);
  if (!original) {
    await markFailed(mediaId, version, 'Its original is missing from the media store; upload it again.');
    throw new PermanentJobError(`The original of ${mediaId} (${asset.originalKey}) is missing from the media store`);
  }
  let processed;
  try {
    processed = await processImage(original, { x: asset.focalX, y: asset.focalY });
  } catch (error) {
    if (attempt >= maxAttempts) await markFailed(mediaId, version, 'It could not be processed; upload it again.');
    throw error;
  }
  const files = processedFiles(mediaId, processed);
  await files.store();

  // A write first: a transaction that read first could not write once a request had written in between (SQLite).
  const outcome = await db.$transaction(async (tx) => {
    const swapped = await tx.mediaAsset.updateMany({
      where: { id: mediaId, version },
      data: {
        status: 'ready',
        failureReason: null,
        renditions: renditionsOf(processed, version) as unknown as Prisma.InputJsonValue,
        placeholder: processed.placeholder,
        dominantColor: processed.dominantColor,
        processedAt: new Date(),
      },
    });
    if (swapped.count === 0) return { swapped: false, replaced: [] as string[] };
    const previous = await tx.mediaVariant.findMany({ where: { mediaId }, select: { storageKey: true } });
    await tx.mediaVariant.deleteMany({ where: { mediaId } });
    await tx.mediaVariant.createMany({ data: files.rows });
    await bumpContentRevision(tx);
    return { swapped: true, replaced: previous.map((row) => row.storageKey) };
  });
  // Superseded while working: what was written is kept only if another image's files are the same bytes.
  const leftOver = outcome.swapped ? outcome.replaced : files.keys;
  await mediaStorage().delete(await unsharedKeys(leftOver));
  if (!outcome.swapped) return `skipped: version ${version} was superseded while it was processed`;
  await revalidateContent();
  return `made ${files.rows.length} files (${files.bytes} bytes) for ${asset.width}x${asset.height}`;
}

/** Only an image that never got its sizes is marked failed; one with sizes keeps showing them, with the reason noted. */
async function markFailed(mediaId: string, version: number, reason: string): Promise<void> {
  const asset = await db.mediaAsset.findUnique({ where: { id: mediaId }, select: { version: true, renditions: true } });
  if (!asset || asset.version !== version) return;
  await db.mediaAsset.update({
    where: { id: mediaId },
    data: asset.renditions === null ? { status: 'failed', failureReason: reason } : { failureReason: reason },
  });
}
