import { cache } from 'react';
import { cookies, draftMode } from 'next/headers';
import type { PreviewLinkGrant } from '@/lib/domain/content-workflow/preview-links';
import { resolvePreviewLink } from '@/lib/domain/content-workflow/preview-links';
import type { PreviewScope } from '@/lib/domain/content/visibility';
import { setPreviewResolver } from '@/lib/domain/content/visibility';
import { mayAccess } from '@/lib/domain/staff/roles';
import { currentStaff } from '@/lib/staff-web/current-staff';

/** Holds a reviewer's preview link token while they look at the draft it shows. */
export const PREVIEW_LINK_COOKIE = 'tp_preview_link';

export interface SitePreview {
  scope: PreviewScope;
  /** A reviewer's preview link, when that is what opened the preview. */
  link?: PreviewLinkGrant;
}

/**
 * What this request previews, decided once per request. Draft mode alone grants nothing: a preview link cookie shows
 * that one item while the link is valid (checked on every request, so revoking works at once), and without one only a
 * signed-in member of staff who edits content sees every draft.
 */
export const currentPreview = cache(async (): Promise<SitePreview | null> => {
  if (!(await draftMode()).isEnabled) return null;
  const token = (await cookies()).get(PREVIEW_LINK_COOKIE)?.value;
  if (token) {
    const link = await resolvePreviewLink(token);
    return link && { scope: { kind: 'one-item', type: link.type, itemId: link.itemId }, link };
  }
  const staff = await currentStaff();
  return staff && mayAccess(staff, 'content') ? { scope: { kind: 'all-drafts' } } : null;
});

setPreviewResolver(async () => (await currentPreview())?.scope ?? null);
