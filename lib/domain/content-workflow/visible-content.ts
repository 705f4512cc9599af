import { contentSnapshot } from '../content/snapshot';
import type { ContentSnapshot } from '../content/snapshot';
import { previewScope } from '../content/visibility';
import { previewSnapshot } from './preview-content';

/**
 * What this request may see: the published snapshot, or a staff preview with drafts in it. It lives with the
 * workflow, above the published snapshot, because a preview is built from the snapshot's parts and drafts.
 */
export async function visibleContent(): Promise<ContentSnapshot> {
  const scope = await previewScope();
  return scope ? previewSnapshot(scope) : contentSnapshot();
}
