import { Badge } from '@/components/ui/badge';
import { TopicBadges } from './topic-badges';

/** Topics (links to more on each) and keywords (plain words) at the foot of an article. */
export function ArticleFacts({ topics, keywords }: { topics: readonly string[]; keywords: readonly string[] }) {
  if (topics.length === 0 && keywords.length === 0) return null;
  return (
    <dl className="mt-12 space-y-4 border-t border-line pt-6">
      {topics.length > 0 && (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-ink-muted">Topics</dt>
          <dd className="mt-2">
            <TopicBadges topics={topics} />
          </dd>
        </div>
      )}
      {keywords.length > 0 && (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-ink-muted">Keywords</dt>
          <dd className="mt-2">
            <ul className="flex flex-wrap gap-2">
              {keywords.map((keyword) => (
                <li key={keyword}>
                  <Badge>{keyword}</Badge>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}
