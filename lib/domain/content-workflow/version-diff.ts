import { diffLines } from 'diff';
import { db } from '@/lib/db/client';
import type { ContentTypeId } from './content-type';
import { contentType } from './content-types';
import { itemText } from './item-text';
import type { ContentVersionView } from './versions';
import { getVersion } from './versions';

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface VersionComparison {
  version: ContentVersionView;
  /** Lines of the version as they differ from what is live now ("removed" if only in the live one). */
  lines: DiffLine[];
  added: number;
  removed: number;
}

/** Line by line, what the version says that the live content does not (added) and the reverse (removed). */
export function compareItems(live: unknown, version: unknown): Omit<VersionComparison, 'version'> {
  const lines = diffLines(live === null ? '' : itemText(live), itemText(version)).flatMap((change) =>
    change.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text): DiffLine => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text })),
  );
  return { lines, added: lines.filter((line) => line.kind === 'added').length, removed: lines.filter((line) => line.kind === 'removed').length };
}

/** A version set against what is live now (nothing, for an item that is not live). */
export async function compareWithLive(type: ContentTypeId, itemId: string, number: number): Promise<VersionComparison> {
  const [version, live] = await Promise.all([getVersion(type, itemId, number), contentType(type).readLive(db, itemId)]);
  return { version, ...compareItems(live?.item ?? null, version.data) };
}
