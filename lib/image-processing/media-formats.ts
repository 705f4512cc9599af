/**
 * The fixed sizes and formats of the media library. Every processed image is one of these widths in one of these
 * formats, so /media/{hash}/{width}.{format} has a small, known set of addresses and nothing else is ever made.
 */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** Crops to a square (portraits) are shown small: these widths of the list are enough for them. */
export const SQUARE_WIDTHS = [320, 640] as const satisfies readonly MediaWidth[];

/** Served formats, best first: pages offer AVIF, then WebP, with JPEG for browsers that take neither. */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

export const RENDITIONS = ['full', 'square'] as const;
/** `full`: the image in its own proportions; `square`: cropped to a square around its focal point. */
export type RenditionName = (typeof RENDITIONS)[number];

/** What an upload may be, decided from its bytes, with the name staff know each by. */
export const UPLOAD_TYPES = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/avif': 'AVIF', 'image/gif': 'GIF' } as const;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const ACCEPTED_TYPES_TEXT = 'JPEG, PNG, WebP, AVIF or GIF';

export function isMediaWidth(value: number): value is MediaWidth {
  return (MEDIA_WIDTHS as readonly number[]).includes(value);
}

export function isVariantFormat(value: string): value is VariantFormat {
  return (VARIANT_FORMATS as readonly string[]).includes(value);
}

/** The widths of the list an image `sourceWidth` pixels wide is made in: never enlarged, and at least the smallest. */
export function widthsFor(sourceWidth: number, list: readonly MediaWidth[] = MEDIA_WIDTHS): MediaWidth[] {
  const fitting = list.filter((width) => width <= sourceWidth);
  return fitting.length > 0 ? fitting : [list[0]!];
}
