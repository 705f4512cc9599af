import Link from 'next/link';
import { insightsHref } from './insights-href';
import { topicLabel } from './topic-label';

const PILL = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium';

/**
 * Topic filters as links (so they work without JavaScript and can be shared). The active one is marked
 * for screen readers and sighted readers alike; "All topics" clears it. A search keeps its words.
 */
export function TopicFilter({ topics, active, q }: { topics: readonly { topic: string; count: number }[]; active?: string; q?: string }) {
  return (
    <nav aria-label="Filter by topic" className="mx-auto max-w-6xl px-4 pt-8">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">Topics</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        <li>
          <Link
            href={insightsHref({ q })}
            aria-current={active ? undefined : 'true'}
            className={`${PILL} ${active ? 'border-line bg-surface text-ink hover:border-ink' : 'border-ink bg-ink text-paper'}`}
          >
            All topics
          </Link>
        </li>
        {topics.map(({ topic, count }) => {
          const isActive = topic === active;
          return (
            <li key={topic}>
              <Link
                href={insightsHref({ q, topic })}
                aria-current={isActive ? 'true' : undefined}
                className={`${PILL} ${isActive ? 'border-ink bg-ink text-paper' : 'border-line bg-surface text-ink hover:border-ink'}`}
              >
                {topicLabel(topic)}
                <span className={isActive ? 'text-paper' : 'text-ink-muted'}>
                  <span className="sr-only">(</span>
                  {count}
                  <span className="sr-only"> {count === 1 ? 'insight' : 'insights'})</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
