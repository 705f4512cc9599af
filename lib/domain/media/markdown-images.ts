import { MEDIA_MARKDOWN_IMAGE } from './media-references';
import type { PublishedImage } from './published-image';
import { contractFile } from './published-image';

/**
 * An article's Markdown as /v1 gives it: each library image named as `media:<id>` becomes standard image syntax with
 * the image's absolute URL, so any Markdown renderer shows it. The alt text written in the article wins; without one,
 * the library's. An image that cannot be shown (still processing) is left out rather than left as a broken address.
 */
export function markdownWithImageUrls(markdown: string, images: readonly PublishedImage[]): string {
  const byId = new Map(images.map((image) => [image.id, image]));
  return markdown.replace(MEDIA_MARKDOWN_IMAGE, (_whole, alt: string, id: string) => {
    const image = byId.get(id);
    return image ? `![${alt.trim() || image.alt}](${contractFile(image).url})` : '';
  });
}
