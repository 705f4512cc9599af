import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageProcessor } from '../lib/domain/media/seed-media';
import type { ProcessedImage } from '../lib/image-processing/process-image';
import { PROCESSING_VERSION, processImage } from '../lib/image-processing/process-image';

/**
 * The seed's pictures come out the same every time, and making their sizes takes seconds; every test database is seeded,
 * so their processed files are kept on disk under node_modules/.cache, keyed by the original's bytes, the focal point,
 * PROCESSING_VERSION and the sharp and libvips versions. A cache that cannot be read or written is simply not used.
 */
const CACHE_DIR = path.join(process.cwd(), 'node_modules', '.cache', 'throughline-seed-pictures');

interface Stored {
  renditions: {
    name: ProcessedImage['renditions'][number]['name'];
    hash: string;
    width: number;
    height: number;
    variants: (Omit<ProcessedImage['renditions'][number]['variants'][number], 'bytes'> & { bytes: string })[];
  }[];
  placeholder: string;
  dominantColor: string;
}

function keyOf(original: Uint8Array, focal: { x: number; y: number }): string {
  const pipeline = JSON.stringify({ PROCESSING_VERSION, sharp: sharp.versions, focal });
  return createHash('sha256').update(pipeline).update(original).digest('hex');
}

function read(file: string): ProcessedImage | null {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    return {
      ...stored,
      renditions: stored.renditions.map((rendition) => ({
        ...rendition,
        variants: rendition.variants.map((variant) => ({ ...variant, bytes: Buffer.from(variant.bytes, 'base64') })),
      })),
    };
  } catch {
    return null;
  }
}

function write(file: string, processed: ProcessedImage): void {
  const stored: Stored = {
    ...processed,
    renditions: processed.renditions.map((rendition) => ({
      ...rendition,
      variants: rendition.variants.map((variant) => ({ ...variant, bytes: variant.bytes.toString('base64') })),
    })),
  };
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed, so a seed running at the same time never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(stored));
    renameSync(partial, file);
  } catch {
    // No cache: the next seed processes again.
  }
}

export const cachedProcessImage: ImageProcessor = async (original, focal) => {
  const file = path.join(CACHE_DIR, `${keyOf(original, focal)}.json`);
  const cached = read(file);
  if (cached) return cached;
  const processed = await processImage(original, focal);
  write(file, processed);
  return processed;
};
