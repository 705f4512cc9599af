/** The page's address with `day` and the zone kept, for the day links; empty values are left out. */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
