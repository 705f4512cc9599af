import { canonicalSha256 } from '../../core/hashing';
import type { ContentTypeId, Tx } from './content-type';
import { contentType, isContentTypeId } from './content-types';
import { CONTENT_IMPORT, appendVersion } from './versions';

/**
 * After the content files replaced the live rows (npm run db:seed), items that already have a history get a version
 * "by content import" where the files changed them, so history keeps saying what visitors saw.
 */
export async function recordImportedVersions(tx: Tx, now: Date): Promise<number> {
  const histories = await tx.contentVersion.groupBy({ by: ['type', 'itemId'], _max: { number: true } });
  let recorded = 0;
  for (const history of histories) {
    if (!isContentTypeId(history.type)) continue;
    const type: ContentTypeId = history.type;
    const live = await contentType(type).readLive(tx, history.itemId);
    const latest = await tx.contentVersion.findFirst({ where: { type, itemId: history.itemId, number: history._max.number ?? 0 }, select: { data: true } });
    if (!live || (latest && canonicalSha256(latest.data) === canonicalSha256(live.item))) continue;
    await appendVersion(tx, type, history.itemId, live.item, { source: 'import', staffId: null, name: CONTENT_IMPORT }, null, now);
    recorded += 1;
  }
  return recorded;
}
