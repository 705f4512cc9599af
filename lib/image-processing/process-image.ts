import { createHash } from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import type { FocalPoint } from './focal-crop';
import { cropBoxAround } from './focal-crop';
import type { MediaWidth, RenditionName, VariantFormat } from './media-formats';
import { MEDIA_WIDTHS, SQUARE_WIDTHS, VARIANT_CONTENT_TYPES, VARIANT_FORMATS, widthsFor } from './media-formats';
import { loadSharp } from './sharp-library';

export interface ProcessedVariant {
  /** The slot in the list (320 …); the image itself is narrower only when the original is. */
  slot: MediaWidth;
  width: number;
  height: number;
  format: VariantFormat;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedRendition {
  name: RenditionName;
  /** Of the rendition's processed bytes: its files' address, /media/{hash}/{slot}.{format}. */
  hash: string;
  /** The largest variant's size: the proportions pages reserve room for. */
  width: number;
  height: number;
  variants: ProcessedVariant[];
}

export interface ProcessedImage {
  renditions: ProcessedRendition[];
  /** A tiny blurred WebP as a data: URL, shown while the image loads. */
  placeholder: string;
  /** #rrggbb */
  dominantColor: string;
}

/** Changes whenever the settings below do: stored results of an older pipeline (the seed's cache) are then made again. */
export const PROCESSING_VERSION = 1;

/**
 * Encoder settings: AVIF at a low effort because higher efforts cost many times the time for a few per cent fewer bytes
 * (measured here: effort 4 took six times as long as effort 2 on a 12-megapixel photograph, for 8 % less).
 */
const ENCODE: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: what was transparent becomes white.
  jpg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

interface RawImage {
  data: Buffer;
  info: OutputInfo;
}

type SharpLibrary = Awaited<ReturnType<typeof loadSharp>>;

const fromRaw = (sharp: SharpLibrary, { data, info }: RawImage) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/** Decoded once at the largest width, then each smaller width from the one above: a 12-megapixel JPEG is read once. */
async function resizedSteps(sharp: SharpLibrary, source: Sharp, slots: readonly MediaWidth[]): Promise<{ slot: MediaWidth; image: RawImage }[]> {
  const descending = [...slots].sort((a, b) => b - a);
  const steps: { slot: MediaWidth; image: RawImage }[] = [];
  let previous: RawImage | null = null;
  for (const slot of descending) {
    const input: Sharp = previous ? fromRaw(sharp, previous) : source;
    const image: RawImage = await input.resize({ width: slot, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    steps.push({ slot, image });
    previous = image;
  }
  return steps.reverse();
}

async function rendition(sharp: SharpLibrary, name: RenditionName, source: Sharp, slots: readonly MediaWidth[]): Promise<ProcessedRendition> {
  const variants: ProcessedVariant[] = [];
  for (const { slot, image } of await resizedSteps(sharp, source, slots)) {
    const encoded = await Promise.all(VARIANT_FORMATS.map((format) => ENCODE[format](fromRaw(sharp, image)).toBuffer()));
    VARIANT_FORMATS.forEach((format, index) =>
      variants.push({ slot, width: image.info.width, height: image.info.height, format, contentType: VARIANT_CONTENT_TYPES[format], bytes: encoded[index]! }),
    );
  }
  const hash = createHash('sha256');
  for (const variant of variants) hash.update(`${variant.slot}.${variant.format}:`).update(variant.bytes);
  const largest = variants.at(-1)!;
  return { name, hash: hash.digest('hex').slice(0, 32), width: largest.width, height: largest.height, variants };
}

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/**
 * Everything a kept original is served as: its widths of the list in AVIF, WebP and JPEG (`full`), a square crop
 * around the focal point in the small widths (`square`, for portraits), a blur placeholder and the dominant colour.
 * The original has no metadata left (kept-original.ts), so neither has anything made from it.
 */
export async function processImage(original: Uint8Array, focal: FocalPoint): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(original).metadata();
  const full = await rendition(sharp, 'full', sharp(original), widthsFor(width, MEDIA_WIDTHS));
  const box = cropBoxAround(width, height, 1, focal);
  const square = await rendition(sharp, 'square', sharp(original).extract(box), widthsFor(box.width, SQUARE_WIDTHS));
  const blurred = await sharp(original).resize({ width: 24, height: 24, fit: 'inside' }).blur(1).webp({ quality: 40 }).toBuffer();
  const { dominant } = await sharp(original).stats();
  return {
    renditions: [full, square],
    placeholder: `data:image/webp;base64,${blurred.toString('base64')}`,
    dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
}
