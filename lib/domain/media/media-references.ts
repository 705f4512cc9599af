import { z } from 'zod';

/** A library image's id as content names it: `med_…` for uploads, a readable slug for the seed's pictures. */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,79}$/;
export const MediaId = z.string().trim().regex(MEDIA_ID_PATTERN, 'Choose an image from the media library');

/**
 * An image in an article's Markdown: standard image syntax whose address names a library image,
 * `![what it shows](media:med_…)`. The text in brackets is the alt text; the editor fills it from the library. Pages
 * render it as a responsive <picture>; /v1 gives the same syntax with the image's absolute URL.
 */
export const MEDIA_MARKDOWN_IMAGE = /!\[([^\]\n]*)\]\(media:([A-Za-z0-9][A-Za-z0-9_-]{2,79})(?:\s+"[^"\n]*")?\)/g;

export const mediaMarkdown = (alt: string, mediaId: string) => `![${alt.replace(/[[\]\n]/g, ' ').trim()}](media:${mediaId})`;

/** The library images a Markdown text names, each once, in order of first mention. */
export function mediaIdsInMarkdown(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(MEDIA_MARKDOWN_IMAGE)].map(([, , id]) => id!))];
}

const OptionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((text) => text || null);

/** An image chosen in the editor, or none: the form sends an empty choice (and empty caption and credit) for none. */
const noneWhenEmpty = (value: unknown) => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'object') return value;
  const { mediaId, caption, credit } = value as Record<string, unknown>;
  return !mediaId && !caption && !credit ? null : value;
};

/** An insight's hero image, shown above the article with its caption and credit (who made it, or its source). */
export const HeroImage = z.preprocess(noneWhenEmpty, z.object({ mediaId: MediaId, caption: OptionalLine(300), credit: OptionalLine(200) }).nullable());

/** An image id, or none (an empty choice in a form). */
export const OptionalMediaId = z.preprocess((value) => (value === '' || value === undefined ? null : value), MediaId.nullable());

export type HeroImageData = z.output<typeof HeroImage>;
