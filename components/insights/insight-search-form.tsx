import { buttonClasses } from '@/components/ui/button';
import { topicLabel } from './topic-label';

/**
 * A plain GET form to /insights: it works without JavaScript and its result URL (/insights?q=…) can be
 * shared. With a topic chosen, a checkbox (on by default) keeps the search within it.
 */
export function InsightSearchForm({ q = '', topic }: { q?: string; topic?: string }) {
  return (
    <form action="/insights" method="get" role="search" aria-label="Insights" className="mt-8 max-w-2xl">
      <label htmlFor="insight-search" className="block font-medium">
        Search the insights
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id="insight-search"
          name="q"
          type="search"
          defaultValue={q}
          required
          maxLength={500}
          placeholder="For example: buffer management"
          className="block w-full rounded-md border border-ink/40 bg-paper px-3 py-2 text-base text-ink placeholder:text-ink-muted"
        />
        <button type="submit" className={`${buttonClasses('primary', 'sm')} shrink-0 px-5`}>
          Search
        </button>
      </div>
      {topic && (
        <div className="mt-3 flex items-center gap-2 text-sm">
          <input id="insight-search-topic" name="topic" type="checkbox" value={topic} defaultChecked className="size-4 accent-accent" />
          <label htmlFor="insight-search-topic">Only in {topicLabel(topic)}</label>
        </div>
      )}
    </form>
  );
}
