import Link from 'next/link';
import type { InsightBody } from '@/lib/contract/insights';
import { InsightMeta } from './insight-meta';
import { TopicBadges } from './topic-badges';

/**
 * One insight in a list: its title (the link), author, date, reading time, and either its summary or a
 * search excerpt. `snippetHtml` must come from the domain's snippet function: escaped text and <mark> only.
 */
export function InsightCard({
  insight,
  snippetHtml,
  featured = false,
  wide = false,
  showTopics = true,
}: {
  insight: InsightBody;
  snippetHtml?: string;
  featured?: boolean;
  /** Spans two grid columns from the tablet width up. */
  wide?: boolean;
  showTopics?: boolean;
}) {
  return (
    <li
      className={`flex flex-col rounded-lg border border-line p-6 ${featured ? 'border-l-4 border-l-accent bg-paper' : 'bg-surface'} ${wide ? 'sm:col-span-2' : ''}`}
    >
      <h3 className={`font-serif font-semibold leading-snug ${wide ? 'text-2xl sm:text-3xl' : featured ? 'text-2xl' : 'text-xl'}`}>
        <Link href={`/insights/${insight.id}`} className="underline-offset-4 hover:underline">
          {insight.title}
        </Link>
      </h3>
      <InsightMeta insight={insight} className="mt-2" />
      {snippetHtml !== undefined ? (
        <p
          className="mt-3 text-ink-muted [&_mark]:rounded-sm [&_mark]:bg-accent/15 [&_mark]:px-0.5 [&_mark]:font-semibold [&_mark]:text-ink"
          dangerouslySetInnerHTML={{ __html: snippetHtml }}
        />
      ) : (
        <p className={`mt-3 text-ink-muted ${wide ? 'max-w-3xl sm:text-lg' : ''}`}>{insight.summary}</p>
      )}
      {showTopics && <TopicBadges topics={insight.topics ?? []} className="mt-4" />}
    </li>
  );
}
