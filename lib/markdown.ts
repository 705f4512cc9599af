import { randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { PublishedImage } from '@/lib/domain/media/published-image';
import { pictureHtml, pictureParts } from '@/lib/site/picture-markup';

/**
 * Markdown to HTML for articles: rendered by marked (GitHub-flavoured), then sanitised so that even
 * an article typed by staff cannot inject scripts, event handlers or foreign frames.
 */
const ALLOWED = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'blockquote',
    'strong',
    'em',
    'code',
    'pre',
    'a',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'del',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Links to other sites open normally but tell the destination nothing and pass no ranking.
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs,
    }),
    h1: 'h2',
  },
} satisfies sanitizeHtml.IOptions;

/** An article's pictures are drawn at most as wide as its column (max-w-3xl less its padding). */
export const ARTICLE_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

const MEDIA_ADDRESS = /^media:([A-Za-z0-9][A-Za-z0-9_-]{2,79})$/;

/**
 * Markdown to HTML. Images are library images only (`![alt](media:<id>)`, lib/domain/media/media-references.ts): each
 * becomes a responsive <picture>, put in after sanitising, in place of a marker with a random part that no article can
 * forge; any other image, or a library image that cannot be shown, leaves only its alt text.
 */
export function renderMarkdown(markdown: string, images: readonly PublishedImage[] = []): string {
  const byId = new Map(images.map((image) => [image.id, image]));
  const marker = `media-${randomBytes(8).toString('hex')}`;
  const pictures: string[] = [];
  const parser = new Marked({
    gfm: true,
    renderer: {
      image({ href, text }) {
        const image = byId.get(MEDIA_ADDRESS.exec(href)?.[1] ?? '');
        if (!image) return escapeHtml(text);
        pictures.push(pictureHtml(pictureParts(image, { sizes: ARTICLE_IMAGE_SIZES, alt: text })));
        return `${marker}:${pictures.length - 1}:`;
      },
    },
  });
  const html = sanitizeHtml(parser.parse(markdown, { async: false }), ALLOWED);
  return pictures.length === 0 ? html : html.replace(new RegExp(`${marker}:(\\d+):`, 'g'), (_whole, index: string) => pictures[Number(index)]!);
}
