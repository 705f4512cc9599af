import type { MediaAsset } from '@/lib/generated/prisma/client';
import type { ContentImageBody } from '@/lib/contract/media';
import { config } from '@/lib/config';
import type { RenditionFiles } from './media-renditions';
import { parseRenditions } from './media-renditions';

/**
 * A library image as pages and /v1 show it: ready, with its alt text ('' only when staff chose "decorative") and its
 * files. Content carries these, not ids, so the content's build_stamp changes whenever an image it shows does.
 */
export interface PublishedImage {
  id: string;
  alt: string;
  decorative: boolean;
  full: RenditionFiles;
  square: RenditionFiles;
  /** Shown while the picture loads. */
  placeholder: string;
  dominantColor: string;
  /** Where crops centre (fractions from the top left). */
  focal: { x: number; y: number };
}

/** The columns of MediaAsset content needs (never the bytes). */
export const PUBLISHED_IMAGE_COLUMNS = {
  id: true,
  status: true,
  alt: true,
  decorative: true,
  renditions: true,
  placeholder: true,
  dominantColor: true,
  focalX: true,
  focalY: true,
} as const;

export type PublishedImageRow = Pick<MediaAsset, keyof typeof PUBLISHED_IMAGE_COLUMNS>;

/** The image as content shows it, or null when it cannot be shown yet (processing, failed, or without alt text). */
export function publishedImageOf(row: PublishedImageRow): PublishedImage | null {
  const renditions = parseRenditions(row);
  if (row.status !== 'ready' || !renditions || !row.placeholder || !row.dominantColor) return null;
  if (!row.decorative && !row.alt) return null;
  return {
    id: row.id,
    alt: row.decorative ? '' : row.alt!,
    decorative: row.decorative,
    full: renditions.full,
    square: renditions.square,
    placeholder: row.placeholder,
    dominantColor: row.dominantColor,
    focal: { x: row.focalX, y: row.focalY },
  };
}

/** The path of one file of a rendition. */
export const mediaPath = (files: RenditionFiles, slot: number, format: string) => `/media/${files.hash}/${slot}.${format}`;

/** Machine clients get one JPEG no wider than this: large enough for any article column, small enough to fetch. */
const CONTRACT_MAX_WIDTH = 1280;

/** The file /v1 points to: the widest JPEG up to CONTRACT_MAX_WIDTH. */
export function contractFile(image: PublishedImage) {
  const sizes = image.full.sizes.filter((size) => size.slot <= CONTRACT_MAX_WIDTH);
  const size = sizes.at(-1) ?? image.full.sizes[0]!;
  return { url: `${config().SITE_URL}${mediaPath(image.full, size.slot, 'jpg')}`, width: size.width, height: size.height };
}

/** The `image` object of InsightDetail and Service. */
export function contractImage(image: PublishedImage): ContentImageBody {
  const { url, width, height } = contractFile(image);
  return { url, alt: image.alt, width, height };
}
