export interface Page {
  limit: number;
  offset: number;
}

/** One page of a list plus the fields every paginated response echoes. */
export function paginate<T>(all: readonly T[], { limit, offset }: Page) {
  return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
}
