import { INSIGHTS_PER_PAGE } from '@/lib/site/insights-view';
import { CACHED_PAGES_PREFIX } from '../core/cached-pages-prefix';
import type { ContentEdition } from './content-edition';

/** One value of a query parameter, or undefined when it is absent; a repeated parameter is not a cached view. */
function single(search: URLSearchParams, name: string): string | undefined | null {
  const values = search.getAll(name);
  if (values.length > 1) return null;
  return values[0];
}

/** ?page= as the site reads it (insights-view.ts): absent or a whole number from 1, within the list's pages. */
function pageWithin(raw: string | undefined, itemCount: number): number | null {
  if (raw === undefined || raw === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= Math.max(1, Math.ceil(itemCount / INSIGHTS_PER_PAGE)) ? page : null;
}

function insightListPath(search: URLSearchParams, edition: ContentEdition): string | null {
  const q = single(search, 'q');
  if (q === null || (q ?? '').trim() !== '') return null; // search results are per visitor's words: never cached
  const topic = single(search, 'topic');
  const rawPage = single(search, 'page');
  if (topic === null || rawPage === null) return null;
  if (topic === undefined || topic === '') {
    const page = pageWithin(rawPage, edition.insightCount);
    return page === null ? null : `/insight-list/${page}`;
  }
  const count = edition.insightsPerTopic.get(topic);
  const page = count === undefined ? null : pageWithin(rawPage, count);
  return page === null ? null : `/insight-topic/${encodeURIComponent(topic)}/${page}`;
}

function serviceListPath(search: URLSearchParams, edition: ContentEdition): string | null {
  const category = single(search, 'category');
  if (category === null) return null;
  if (category === undefined || category === '') return '/services';
  return edition.categoryIds.has(category) ? `/service-category/${encodeURIComponent(category)}` : null;
}

const FIXED_PAGES: Record<string, string> = { '/': '', '/about': '/about', '/principles': '/principles' };

/**
 * The cached copy that answers this address in this edition, or null when the address must be rendered for the
 * request: search results, unknown services, insights, categories or topics (their 404s and notices are not worth
 * keeping), pages past the end, and anything this function does not know. Query parameters a page does not read
 * (utm_source …) do not matter: the copy is the same.
 */
export function cachedPagePath(pathname: string, search: URLSearchParams, edition: ContentEdition): string | null {
  const base = `${CACHED_PAGES_PREFIX}/${edition.stamp}`;
  const fixed = FIXED_PAGES[pathname];
  if (fixed !== undefined) return `${base}${fixed}`;
  if (pathname === '/services') return withBase(base, serviceListPath(search, edition));
  if (pathname === '/insights') return withBase(base, insightListPath(search, edition));
  const detail = /^\/(services|insights)\/([^/]+)$/.exec(pathname);
  if (!detail) return null;
  const [, kind, id] = detail as unknown as [string, 'services' | 'insights', string];
  const known = kind === 'services' ? edition.serviceIds : edition.insightIds;
  return known.has(id) ? `${base}/${kind}/${id}` : null;
}

function withBase(base: string, path: string | null): string | null {
  return path === null ? null : `${base}${path}`;
}
