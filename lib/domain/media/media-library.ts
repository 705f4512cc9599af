import { db } from '@/lib/db/client';
import { databaseEngine } from '@/lib/db/engine';
import { DomainError, InputValidationError, notFound } from '@/lib/core/errors';
import { transactionWithJobs } from '@/lib/jobs/job-transaction';
import { mediaStorage } from '@/lib/media-storage';
import type { MediaAsset } from '@/lib/generated/prisma/client';
import { bumpContentRevision } from '../content/content-revision';
import { revalidateContent } from '../content/revalidate-content';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';
import type { MediaRenditions } from './media-renditions';
import { parseRenditions } from './media-renditions';
import type { MediaUse } from './media-usage';
import { describeUses, mediaUses } from './media-usage';
import { holdImageForDelete } from './image-row-locks';
import { looksLikeFileName } from './media-name';
import { unsharedKeys } from './unshared-keys';

/** Alt text is a sentence or two; past this it belongs in the caption or the article. */
export const MAX_ALT_LENGTH = 300;

/** One image as staff see it in the library. */
export interface LibraryImage {
  id: string;
  name: string;
  alt: string | null;
  decorative: boolean;
  /** ready: usable; processing: its sizes are being made; failed: it could not be processed. */
  status: 'processing' | 'ready' | 'failed';
  /** A newer original or focal point is being processed; the sizes shown are the previous ones. */
  updating: boolean;
  failureReason: string | null;
  sourceType: string;
  sourceBytes: number;
  width: number;
  height: number;
  focal: { x: number; y: number };
  renditions: MediaRenditions | null;
  placeholder: string | null;
  uploadedByName: string;
  createdAt: Date;
  uses: MediaUse[];
  /** It can be placed: processed, with alt text or marked decorative. */
  usable: boolean;
}

function libraryImageOf(row: MediaAsset, uses: MediaUse[]): LibraryImage {
  const renditions = parseRenditions(row);
  const status = row.status as LibraryImage['status'];
  return {
    id: row.id,
    name: row.name,
    alt: row.alt,
    decorative: row.decorative,
    status,
    updating: status === 'ready' && renditions !== null && renditions.version !== row.version,
    failureReason: row.failureReason,
    sourceType: row.sourceType,
    sourceBytes: row.sourceBytes,
    width: row.width,
    height: row.height,
    focal: { x: row.focalX, y: row.focalY },
    renditions,
    placeholder: row.placeholder,
    uploadedByName: row.uploadedByName,
    createdAt: row.createdAt,
    uses,
    usable: status === 'ready' && (row.decorative || Boolean(row.alt)),
  };
}

/** SQLite compares LIKE without case for ASCII; PostgreSQL needs to be told. Both take `mode: 'insensitive'` this way. */
const containing = (text: string) => ({ contains: text, ...(databaseEngine() === 'postgresql' ? { mode: 'insensitive' as const } : {}) });

/** The library, newest first; `query` finds images by name or alt text. */
export async function listLibraryImages({ query = '', limit = 200 }: { query?: string; limit?: number } = {}): Promise<LibraryImage[]> {
  const text = query.trim().slice(0, 200);
  const rows = await db.mediaAsset.findMany({
    where: text ? { OR: [{ name: containing(text) }, { alt: containing(text) }] } : {},
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: limit,
  });
  const uses = await mediaUses();
  return rows.map((row) => libraryImageOf(row, uses.get(row.id) ?? []));
}

export async function getLibraryImage(id: string): Promise<LibraryImage> {
  const row = await db.mediaAsset.findUnique({ where: { id } });
  if (!row) throw notFound('Image', id);
  return libraryImageOf(row, (await mediaUses()).get(id) ?? []);
}

function altProblem(message: string): InputValidationError {
  return new InputValidationError([{ type: 'value_error', loc: ['body', 'alt'], msg: message, input: null }]);
}

/**
 * Alt text, or the explicit choice that the image is decorative (rendered with alt=""). One of the two is required
 * before the image can be used, and a file name is never taken for alt text.
 */
export async function describeImage(actor: StaffActor, id: string, { alt, decorative }: { alt: string; decorative: boolean }): Promise<void> {
  const text = alt.replace(/\s+/g, ' ').trim();
  const row = await db.mediaAsset.findUnique({ where: { id }, select: { name: true } });
  if (!row) throw notFound('Image', id);
  if (!decorative) {
    if (text === '') throw altProblem('Write what the image shows, or mark it decorative if it adds nothing to the text');
    if (text.length > MAX_ALT_LENGTH) throw altProblem(`Keep alt text to ${MAX_ALT_LENGTH} characters; put the rest in a caption`);
    if (looksLikeFileName(text, row.name)) throw altProblem('That is a file name; describe what the image shows instead');
  }
  // Writes only: a transaction that read first could not write once the job runner had written in between (SQLite).
  await db.$transaction(async (tx) => {
    await tx.mediaAsset.update({ where: { id }, data: { alt: decorative ? null : text, decorative } });
    // Pages show alt text: the content's edition moves with it.
    await bumpContentRevision(tx);
    await recordAudit(tx, actor, 'media.describe', { type: 'media', id }, { decorative, alt: decorative ? null : text });
  });
  await revalidateContent();
}

/** Where crops centre: staff click on the image. The square sizes are made again around it by a job. */
export async function setFocalPoint(actor: StaffActor, id: string, focal: { x: number; y: number }): Promise<void> {
  if (![focal.x, focal.y].every((value) => Number.isFinite(value) && value >= 0 && value <= 1)) {
    throw new InputValidationError([{ type: 'value_error', loc: ['body', 'focal'], msg: 'Click on the image to choose the focal point', input: null }]);
  }
  if (!(await db.mediaAsset.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Image', id);
  await transactionWithJobs(async (tx, jobs) => {
    const { version } = await tx.mediaAsset.update({
      where: { id },
      data: { focalX: Math.round(focal.x * 1000) / 1000, focalY: Math.round(focal.y * 1000) / 1000, version: { increment: 1 } },
      select: { version: true },
    });
    await jobs.enqueue({ type: 'media.process', payload: { mediaId: id, version }, uniqueKey: `media.process:${id}:${version}` });
    await recordAudit(tx, actor, 'media.focal_point', { type: 'media', id }, focal);
  });
}

/** Deletes an image no content shows; one in use is refused with the places that use it. */
export async function deleteImage(actor: StaffActor, id: string): Promise<void> {
  const row = await db.mediaAsset.findUnique({ where: { id }, select: { name: true, originalKey: true, variants: { select: { storageKey: true } } } });
  if (!row) throw notFound('Image', id);
  // The check and the delete are one transaction: content that places the image between them would show a deleted one.
  await db.$transaction(async (tx) => {
    await holdImageForDelete(tx, id);
    const uses = (await mediaUses(tx)).get(id) ?? [];
    if (uses.length > 0) {
      throw new DomainError('MEDIA_IN_USE', `“${row.name}” is in use and was not deleted. It is shown by ${describeUses(uses)}. Remove it there first.`, {
        uses,
      });
    }
    await tx.mediaAsset.delete({ where: { id } });
    await recordAudit(tx, actor, 'media.delete', { type: 'media', id }, { name: row.name });
  });
  await mediaStorage().delete(await unsharedKeys([row.originalKey, ...row.variants.map((variant) => variant.storageKey)]));
}
