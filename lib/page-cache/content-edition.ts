import { contentSnapshot, type ContentSnapshot } from '@/lib/domain/content/snapshot';

/**
 * What proxy.ts needs to know about the published content to route a request to a cached page: the edition's stamp
 * (build_stamp: it changes with every publication, every item coming due and every release) and the addresses that
 * exist in it. Only these addresses are cached, so the cache holds one copy per real page, however many made-up
 * addresses clients ask for.
 */
export interface ContentEdition {
  stamp: string;
  serviceIds: ReadonlySet<string>;
  categoryIds: ReadonlySet<string>;
  insightIds: ReadonlySet<string>;
  /** How many published insights carry each topic, exactly as the topic is written. */
  insightsPerTopic: ReadonlyMap<string, number>;
  insightCount: number;
}

function editionOf({ buildStamp, content }: ContentSnapshot): ContentEdition {
  const insightsPerTopic = new Map<string, number>();
  for (const { summary } of content.insights) {
    for (const topic of summary.topics ?? []) insightsPerTopic.set(topic, (insightsPerTopic.get(topic) ?? 0) + 1);
  }
  return {
    stamp: buildStamp,
    serviceIds: new Set(content.servicesById.keys()),
    categoryIds: new Set(content.categories.map((category) => category.id)),
    insightIds: new Set(content.insightsById.keys()),
    insightsPerTopic,
    insightCount: content.insights.length,
  };
}

// One edition per snapshot object: the snapshot is replaced, never changed, when content moves.
const editions = new WeakMap<ContentSnapshot, ContentEdition>();

/** The published edition, as fresh as the content snapshot (re-checked at most every CONTENT_REVALIDATE_MS). */
export async function currentEdition(): Promise<ContentEdition> {
  const snapshot = await contentSnapshot();
  let edition = editions.get(snapshot);
  if (!edition) editions.set(snapshot, (edition = editionOf(snapshot)));
  return edition;
}
