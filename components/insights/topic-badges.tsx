import Link from 'next/link';
import { insightsHref } from './insights-href';
import { topicLabel } from './topic-label';

/** The topics of one insight, each a link to the insights filtered by it. */
export function TopicBadges({ topics, className = '' }: { topics: readonly string[]; className?: string }) {
  if (topics.length === 0) return null;
  return (
    <ul aria-label="Topics" className={`flex flex-wrap gap-2 ${className}`}>
      {topics.map((topic) => (
        <li key={topic}>
          <Link
            href={insightsHref({ topic })}
            className="inline-block rounded-full border border-line px-2.5 py-0.5 text-xs font-medium text-ink-muted hover:border-ink hover:text-ink"
          >
            {topicLabel(topic)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
