import type { z } from 'zod';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { StaffArea } from '../staff/roles';
import type { ContentRows } from '../content/content-rows';
import type { ContentTypeId } from '@/lib/core/content-type-ids';

export type { ContentTypeId };
export type Tx = Prisma.TransactionClient;

/** What is live of an item: its content, and whether visitors see it (types without a status always do). */
export interface LiveItem<Item> {
  item: Item;
  published: boolean;
  /** When it went live, where the table knows. */
  since: Date | null;
}

/** One line of a staff content list. */
export interface LiveSummary {
  id: string;
  title: string;
  published: boolean;
  /** A short fact beside the title: a price, a service, a category. */
  detail?: string;
  /** Groups a long list (FAQs by service and category). */
  group?: string;
}

/** A check against other records (a related insight, a service) in the shape zod reports its own. */
export type ReferenceIssue = z.core.$ZodIssue;

/**
 * Everything the workflow (drafts, versions, scheduling, previews) needs to know about one kind of content. Each kind
 * keeps its live rows as they always were; the workflow only reads and writes them through these functions.
 */
export interface ContentType<Item> {
  type: ContentTypeId;
  /** Path segment under /staff/content. */
  segment: string;
  label: string;
  pluralLabel: string;
  /** The label as a word inside a sentence: "insight", "FAQ". */
  noun: string;
  /** Who may edit it: content (marketing) or calendars (sales). */
  area: Extract<StaffArea, 'content' | 'calendars'>;
  /** The item's rules, shared with the content files. */
  schema: z.ZodType<Item>;
  /** Staff may add new ones. */
  creatable: boolean;
  /** It has a published/unpublished status, so it can be taken offline. */
  hideable: boolean;
  itemId(item: Item): string;
  title(item: Item): string;
  readLive(tx: Tx, id: string): Promise<LiveItem<Item> | null>;
  listLive(tx: Tx): Promise<LiveSummary[]>;
  /** Makes the item live as it is: creates or updates its rows (and the search index), published. */
  writeLive(tx: Tx, id: string, item: Item, now: Date): Promise<void>;
  /** Takes a live item offline (hideable types only). */
  hide?(tx: Tx, id: string): Promise<void>;
  /** Rules that need other records, in zod's issue shape so they read like the item's own. */
  referenceIssues?(tx: Tx, item: Item): Promise<ReferenceIssue[]>;
  /** The site page that shows the item, for previews; null when it has none of its own. */
  sitePath(item: Item): string | null;
  /**
   * Puts the item into a copy of the content rows as if it were published (previews, impact). Returns an insight's
   * body, which the rows do not hold. Absent for kinds outside the published snapshot (calendars).
   */
  overlay?(rows: ContentRows, item: Item, now: Date): { body?: string };
}

/** A content type of any kind, for code that handles every kind alike (methods are checked bivariantly). */
export type AnyContentType = ContentType<unknown>;
