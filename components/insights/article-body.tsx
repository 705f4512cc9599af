import type { PublishedImage } from '@/lib/domain/media/published-image';
import { renderMarkdown } from '@/lib/markdown';

/**
 * Styles for the sanitised article HTML, applied from the wrapper because the elements come from Markdown.
 * (No typography plugin: these few rules are the whole design of an article.)
 */
const PROSE = [
  'text-lg leading-relaxed text-ink',
  '[&>*:first-child]:mt-0 [&_p]:mt-5',
  '[&_h2]:mt-12 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-snug sm:[&_h2]:text-3xl',
  '[&_h3]:mt-9 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:leading-snug',
  '[&_h4]:mt-6 [&_h4]:font-semibold',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li>p]:mt-2',
  '[&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-accent-strong',
  '[&_strong]:font-semibold [&_em]:italic',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:bg-surface [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote_p:first-child]:mt-0',
  '[&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_code]:font-mono [&_code]:text-base',
  '[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:border-line [&_pre]:bg-surface [&_pre]:p-4',
  '[&_hr]:my-10 [&_hr]:border-line',
  '[&_picture]:block [&_p>span]:rounded-md [&_p>span]:border [&_p>span]:border-line',
  '[&_.table-scroll]:mt-6 [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-md [&_.table-scroll]:border [&_.table-scroll]:border-line',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:bg-surface [&_table]:text-base',
  '[&_th]:border-b-2 [&_th]:border-line [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:align-bottom [&_th]:font-semibold',
  '[&_td]:border-t [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
].join(' ');

/**
 * Wide tables scroll sideways on phones instead of widening the page. The scroll box takes keyboard focus
 * and has a name, so keyboard users can scroll it too. Only fixed markup is added around tags that the
 * sanitiser has already emitted without attributes.
 */
function scrollableTables(html: string): string {
  // Each region needs a name of its own (axe: landmark-unique) when an article has several tables.
  const count = html.split('<table>').length - 1;
  let index = 0;
  return html
    .replaceAll('<table>', () => {
      index += 1;
      const name = count > 1 ? `Table ${index} of ${count}, scrolls sideways` : 'Table, scrolls sideways';
      return `<div class="table-scroll" role="region" aria-label="${name}" tabindex="0"><table>`;
    })
    .replaceAll('</table>', '</table></div>');
}

/** An insight's Markdown as a readable column of prose, with the library images it names. */
export function ArticleBody({ markdown, images = [] }: { markdown: string; images?: readonly PublishedImage[] }) {
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: scrollableTables(renderMarkdown(markdown, images)) }} />;
}
