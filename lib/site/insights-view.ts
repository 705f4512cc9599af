/** Insights shown per page of /insights (a 3 × 3 grid on wide screens). */
export const INSIGHTS_PER_PAGE = 9;

export type SearchParams = Record<string, string | string[] | undefined>;

export interface InsightsView {
  /** Search words, if any; trimmed, never empty. */
  q?: string;
  topic?: string;
  /** The requested page, or null when `page` is not a whole number of at least 1. */
  page: number | null;
  rawPage: string;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Reads ?q, ?topic and ?page; anything missing means "all", page 1. */
export function readInsightsView(params: SearchParams): InsightsView {
  const q = first(params.q)?.trim() || undefined;
  const topic = first(params.topic)?.trim() || undefined;
  const rawPage = first(params.page)?.trim() ?? '';
  const page = rawPage === '' ? 1 : /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : null;
  return { q, topic, page, rawPage };
}

export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / INSIGHTS_PER_PAGE));
}

/** The offset of a valid page; a page past the end still gets a query (for the total), at offset 0. */
export function offsetFor(page: number | null): number {
  return page === null ? 0 : (page - 1) * INSIGHTS_PER_PAGE;
}
