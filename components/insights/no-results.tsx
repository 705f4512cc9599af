import Link from 'next/link';
import { insightsHref } from './insights-href';
import { quotedQuery } from './quoted-query';
import { topicLabel } from './topic-label';

const LINK = 'font-medium text-accent underline underline-offset-4 hover:text-accent-strong';

/** An empty search or filter: what to try next, with topics to browse instead. */
export function NoResults({ q, topic, topics }: { q?: string; topic?: string; topics: readonly { topic: string }[] }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-6">
      <p className="text-lg font-semibold">
        {q ? (
          <>
            No insights match {quotedQuery(q)}
            {topic ? ` in ${topicLabel(topic)}` : ''}.
          </>
        ) : (
          <>There are no insights on {topic ? topicLabel(topic) : 'this topic'} yet.</>
        )}
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-ink-muted">
        {q && <li>Try fewer words, a shorter form of a word, or a different spelling.</li>}
        {q && topic && (
          <li>
            <Link href={insightsHref({ q })} className={LINK}>
              Search {quotedQuery(q)} in all topics
            </Link>
          </li>
        )}
        <li>
          <Link href={insightsHref({})} className={LINK}>
            Browse all insights
          </Link>
        </li>
      </ul>
      {topics.length > 0 && (
        <>
          <p className="mt-5 font-medium">Or read about a topic:</p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {topics.map(({ topic: slug }) => (
              <li key={slug}>
                <Link href={insightsHref({ topic: slug })} className={LINK}>
                  {topicLabel(slug)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
