import escapeHtml from 'escape-html';
import type { PublishedImage } from '@/lib/domain/media/published-image';
import { mediaPath } from '@/lib/domain/media/published-image';
import { VARIANT_CONTENT_TYPES } from '@/lib/image-processing/media-formats';

export type PictureRendition = 'full' | 'square';

export interface PictureOptions {
  rendition?: PictureRendition;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks the smallest file that is sharp. */
  sizes: string;
  /** The page's one LCP image: fetched at once, with high priority. Every other picture loads lazily. */
  priority?: boolean;
  /** Alt text written where the picture is placed (Markdown); the library's otherwise. */
  alt?: string;
}

/** Everything a <picture> needs, shared by the React component and the article's HTML. */
export interface PictureParts {
  sources: { type: string; srcSet: string }[];
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
  priority: boolean;
  placeholder: string | null;
  dominantColor: string;
}

/** A JPEG a browser without srcset support would show: the first width of 640 or more, else the largest. */
const FALLBACK_WIDTH = 640;

export function pictureParts(image: PublishedImage, { rendition = 'full', sizes, priority = false, alt }: PictureOptions): PictureParts {
  const files = image[rendition];
  const srcSetOf = (format: string) => files.sizes.map((size) => `${mediaPath(files, size.slot, format)} ${size.width}w`).join(', ');
  const fallback = files.sizes.find((size) => size.width >= FALLBACK_WIDTH) ?? files.sizes.at(-1)!;
  return {
    sources: (['avif', 'webp'] as const).map((format) => ({ type: VARIANT_CONTENT_TYPES[format], srcSet: srcSetOf(format) })),
    src: mediaPath(files, fallback.slot, 'jpg'),
    srcSet: srcSetOf('jpg'),
    width: files.width,
    height: files.height,
    alt: alt?.trim() || image.alt,
    sizes,
    priority,
    // The blur is of the whole image: a square crop shows only its colour while it loads.
    placeholder: rendition === 'full' ? image.placeholder : null,
    dominantColor: image.dominantColor,
  };
}

/** Classes of the frame: the placeholder fills it, the image (with its width and height, so nothing shifts) sits on top. */
export const PICTURE_FRAME_CLASS = 'relative block overflow-hidden';
export const PICTURE_PLACEHOLDER_CLASS = 'absolute inset-0 h-full w-full';
export const PICTURE_IMAGE_CLASS = 'relative block h-auto w-full';

/**
 * The same <picture> as components/media/picture.tsx, as HTML, for pictures inside an article's Markdown. Every value
 * is escaped; nothing of it comes from the Markdown except the alt text.
 */
export function pictureHtml(parts: PictureParts): string {
  const attribute = (name: string, value: string | number) => ` ${name}="${escapeHtml(String(value))}"`;
  const placeholder =
    `<svg aria-hidden="true" focusable="false"${attribute('class', PICTURE_PLACEHOLDER_CLASS)}${attribute('viewBox', `0 0 ${parts.width} ${parts.height}`)} preserveAspectRatio="none">` +
    `<rect width="100%" height="100%"${attribute('fill', parts.dominantColor)}/>` +
    (parts.placeholder
      ? `<image${attribute('href', parts.placeholder)}${attribute('width', parts.width)}${attribute('height', parts.height)} preserveAspectRatio="none"/>`
      : '') +
    '</svg>';
  const sources = parts.sources
    .map((source) => `<source${attribute('type', source.type)}${attribute('srcset', source.srcSet)}${attribute('sizes', parts.sizes)}>`)
    .join('');
  const loading = parts.priority ? ' loading="eager" fetchpriority="high"' : ' loading="lazy" decoding="async"';
  const image =
    `<img${attribute('src', parts.src)}${attribute('srcset', parts.srcSet)}${attribute('sizes', parts.sizes)}${attribute('width', parts.width)}${attribute('height', parts.height)}` +
    `${attribute('alt', parts.alt)}${loading}${attribute('class', PICTURE_IMAGE_CLASS)}>`;
  return `<span${attribute('class', PICTURE_FRAME_CLASS)}>${placeholder}<picture>${sources}${image}</picture></span>`;
}
