import { z } from 'zod';
import type { MediaAsset } from '@/lib/generated/prisma/client';
import type { ProcessedImage } from '@/lib/image-processing/process-image';

const Rendition = z.object({
  hash: z.string(),
  width: z.int(),
  height: z.int(),
  /** Each width of the list it was made in, and the size of the file there (every format has the same). */
  sizes: z.array(z.object({ slot: z.int(), width: z.int(), height: z.int() })),
});

/** What MediaAsset.renditions holds once the image is processed: which original version, and its files. */
export const MediaRenditions = z.object({ version: z.int(), full: Rendition, square: Rendition });
export type MediaRenditions = z.output<typeof MediaRenditions>;
export type RenditionFiles = MediaRenditions['full'];

export function renditionsOf(processed: ProcessedImage, version: number): MediaRenditions {
  const describe = (name: 'full' | 'square') => {
    const rendition = processed.renditions.find((r) => r.name === name)!;
    const sizes = rendition.variants.filter((v) => v.format === 'jpg').map((v) => ({ slot: v.slot, width: v.width, height: v.height }));
    return { hash: rendition.hash, width: rendition.width, height: rendition.height, sizes };
  };
  return { version, full: describe('full'), square: describe('square') };
}

/** The asset's files, or null while it has none (not yet processed, or its column was edited into nonsense). */
export function parseRenditions(asset: Pick<MediaAsset, 'renditions'>): MediaRenditions | null {
  const parsed = MediaRenditions.safeParse(asset.renditions);
  return parsed.success ? parsed.data : null;
}
