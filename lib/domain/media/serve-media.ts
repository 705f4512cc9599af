import { LRUCache } from 'lru-cache';
import { db } from '@/lib/db/client';
import { isMediaWidth, isVariantFormat } from '@/lib/image-processing/media-formats';
import { mediaStorage } from '@/lib/media-storage';
import { processSingleton } from '@/lib/process-singleton';

export interface MediaFile {
  bytes: Uint8Array;
  /** As stored when the file was made: the address's extension never decides it. */
  contentType: string;
  etag: string;
}

/** The most recently served files stay in memory, up to this many bytes: a page's pictures are asked for together. */
const CACHED_BYTES = 48 * 1024 * 1024;

// Keyed by storage key, whose bytes never change (media-keys.ts), so a cached file is never stale.
const files = processSingleton(
  'media-files',
  () => new LRUCache<string, Uint8Array>({ maxSize: CACHED_BYTES, sizeCalculation: (bytes) => Math.max(1, bytes.byteLength) }),
);

const HASH = /^[0-9a-f]{32}$/;

/** The strong ETag of one file: its address, which names its bytes. */
export const mediaEtag = (hash: string, slot: number, format: string) => `"${hash}-${slot}.${format}"`;

/**
 * The file at /media/{hash}/{width}.{format}, or null for an address that is not one: a malformed hash, a width outside
 * the list, another format, or a file no image has (any more).
 */
export async function mediaFile(hash: string, slot: number, format: string): Promise<MediaFile | null> {
  if (!HASH.test(hash) || !isMediaWidth(slot) || !isVariantFormat(format)) return null;
  const row = await db.mediaVariant.findFirst({ where: { hash, slot, format }, select: { contentType: true, storageKey: true } });
  if (!row) return null;
  let bytes = files.get(row.storageKey);
  if (!bytes) {
    const stored = await mediaStorage().get(row.storageKey);
    if (!stored) return null;
    files.set(row.storageKey, stored);
    bytes = stored;
  }
  return { bytes, contentType: row.contentType, etag: mediaEtag(hash, slot, format) };
}
