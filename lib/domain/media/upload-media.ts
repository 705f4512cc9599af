import { config } from '@/lib/config';
import { formatFileSize } from '@/lib/format';
import { DomainError, notFound } from '@/lib/core/errors';
import type { DomainErrorCode } from '@/lib/core/errors';
import { opaqueId } from '@/lib/core/tokens';
import { inspectUpload } from '@/lib/image-processing/inspect-upload';
import { keptOriginal } from '@/lib/image-processing/kept-original';
import type { UploadRefusalReason } from '@/lib/image-processing/upload-refusal';
import { UploadRefusal } from '@/lib/image-processing/upload-refusal';
import { transactionWithJobs } from '@/lib/jobs/job-transaction';
import { db } from '@/lib/db/client';
import { mediaStorage } from '@/lib/media-storage';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import { originalKey } from './media-keys';
import { mediaName } from './media-name';

const REFUSAL_CODE: Record<UploadRefusalReason, DomainErrorCode> = {
  empty: 'IMAGE_UNREADABLE',
  damaged: 'IMAGE_UNREADABLE',
  'too-large': 'PAYLOAD_TOO_LARGE',
  svg: 'UNSUPPORTED_MEDIA_TYPE',
  'unsupported-type': 'UNSUPPORTED_MEDIA_TYPE',
  'too-many-pixels': 'IMAGE_TOO_LARGE',
};

export interface UploadedMedia {
  id: string;
  name: string;
  /** The type the bytes are, whatever the file was called. */
  type: string;
  width: number;
  height: number;
}

/**
 * A file past MEDIA_MAX_BYTES: the same answer whether the request's Content-Length told (lib/staff-web/media-upload.ts)
 * or the file's bytes did, once the form was read (a file just over the limit fits in the form's allowance).
 */
export function uploadTooLarge(maxBytes: number): DomainError {
  return new DomainError('PAYLOAD_TOO_LARGE', `The upload is larger than the library takes (${formatFileSize(maxBytes)} per file). Nothing was stored.`, {
    maxBytes,
  });
}

/** An upload the library refuses: nothing of it was stored. */
export function refusedUpload(refusal: UploadRefusal, maxBytes: number): DomainError {
  if (refusal.reason === 'too-large') return uploadTooLarge(maxBytes);
  return new DomainError(REFUSAL_CODE[refusal.reason], `${refusal.message} Nothing was stored.`, { reason: refusal.reason });
}

/**
 * Adds an image to the library, or replaces the original of one (`replaceId`: everything that shows it shows the new
 * picture once processed). The bytes are checked here, in the request, so a refusal comes back at once and nothing of a
 * refused file is stored; the original is kept upright and without metadata, and a `media.process` job, written in the
 * same transaction as the image's row, makes its sizes. The image has no alt text yet: staff write it before using it.
 */
export async function uploadMedia(actor: StaffActor, upload: { fileName: string; bytes: Uint8Array; replaceId?: string }): Promise<UploadedMedia> {
  const settings = config();
  let kept;
  let inspected;
  try {
    inspected = await inspectUpload(upload.bytes, { maxBytes: settings.MEDIA_MAX_BYTES, maxPixels: settings.MEDIA_MAX_PIXELS });
    kept = await keptOriginal(upload.bytes, inspected, settings.MEDIA_MAX_PIXELS);
  } catch (error) {
    if (error instanceof UploadRefusal) throw refusedUpload(error, settings.MEDIA_MAX_BYTES);
    throw error;
  }
  const id = upload.replaceId ?? opaqueId('med');
  const name = mediaName(upload.fileName);
  const key = originalKey(id);
  const storage = mediaStorage();
  await storage.put(key, kept.bytes, kept.contentType);
  const file = {
    name,
    sourceType: inspected.type,
    sourceBytes: upload.bytes.byteLength,
    originalKey: key,
    originalType: kept.contentType,
    width: kept.width,
    height: kept.height,
  };
  const replaced = upload.replaceId ? await db.mediaAsset.findUnique({ where: { id }, select: { originalKey: true } }) : null;
  if (upload.replaceId && !replaced) {
    await storage.delete([key]);
    throw notFound('Image', id);
  }
  try {
    await transactionWithJobs(async (tx, jobs) => {
      let version = 1;
      if (upload.replaceId) {
        // The old sizes stay served until the job swaps in the new ones; the focal point starts again in the middle.
        const updated = await tx.mediaAsset.update({
          where: { id },
          data: { ...file, focalX: 0.5, focalY: 0.5, failureReason: null, version: { increment: 1 } },
          select: { version: true },
        });
        version = updated.version;
      } else {
        await tx.mediaAsset.create({ data: { id, ...file, uploadedById: actor.id, uploadedByName: actor.displayName } });
      }
      await jobs.enqueue({ type: 'media.process', payload: { mediaId: id, version }, uniqueKey: `media.process:${id}:${version}` });
      await recordAudit(
        tx,
        actor,
        upload.replaceId ? 'media.replace' : 'media.upload',
        { type: 'media', id },
        { name, type: inspected.type, bytes: upload.bytes.byteLength },
      );
      return replaced;
    });
  } catch (error) {
    await storage.delete([key]).catch(() => undefined);
    throw error;
  }
  if (replaced) await storage.delete([replaced.originalKey]).catch(() => undefined);
  return { id, name, type: inspected.type, width: kept.width, height: kept.height };
}
