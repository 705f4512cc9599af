import { z } from 'zod';
import 'zod-openapi';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

export const Limit = z
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)
  .meta({ description: `Page size, 1 to ${MAX_PAGE_SIZE}.` });

export const Offset = z.int().min(0).default(0).meta({ description: 'Number of items to skip.' });

export const PaginationQuery = z.object({ limit: Limit, offset: Offset });

/** Readable slugs identify content (services, insights). */
export const Slug = z.string().min(1).max(200);

export const IsoDate = z.iso.date();
export const IsoDateTime = z.iso.datetime({ offset: true });
