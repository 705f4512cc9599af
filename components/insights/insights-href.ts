/** The URL of one view of /insights; page 1 and empty values are left out so every view has one address. */
export function insightsHref({ q, topic, page }: { q?: string; topic?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (topic) params.set('topic', topic);
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/insights?${query}` : '/insights';
}
