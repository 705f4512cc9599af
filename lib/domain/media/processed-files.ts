import type { ProcessedImage } from '@/lib/image-processing/process-image';
import { mediaStorage } from '@/lib/media-storage';
import { variantKey } from './media-keys';

/** How many files are written to the store at once. */
const PUT_CONCURRENCY = 4;

/**
 * A processed image's files as the store and the MediaVariant table take them: the bytes under their keys, and the
 * rows that say which key answers which address.
 */
export function processedFiles(mediaId: string, processed: ProcessedImage) {
  const files = processed.renditions.flatMap((rendition) =>
    rendition.variants.map((variant) => ({ rendition, variant, key: variantKey(rendition.hash, variant.slot, variant.format) })),
  );
  return {
    keys: files.map((file) => file.key),
    rows: files.map(({ rendition, variant, key }) => ({
      mediaId,
      rendition: rendition.name,
      hash: rendition.hash,
      slot: variant.slot,
      width: variant.width,
      height: variant.height,
      format: variant.format,
      contentType: variant.contentType,
      byteSize: variant.bytes.byteLength,
      storageKey: key,
    })),
    /** Writes every file to the store, a few at a time. */
    async store(): Promise<void> {
      const storage = mediaStorage();
      for (let start = 0; start < files.length; start += PUT_CONCURRENCY) {
        await Promise.all(files.slice(start, start + PUT_CONCURRENCY).map(({ key, variant }) => storage.put(key, variant.bytes, variant.contentType)));
      }
    },
    bytes: files.reduce((sum, { variant }) => sum + variant.bytes.byteLength, 0),
  };
}
