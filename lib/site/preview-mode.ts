import { draftMode } from 'next/headers';
import { setPreviewResolver } from '@/lib/domain/content/visibility';

/** Site pages show drafts when staff turned on Next.js draft mode (through /staff/preview, which checks the session). */
setPreviewResolver(async () => (await draftMode()).isEnabled);

export async function isPreviewing(): Promise<boolean> {
  return (await draftMode()).isEnabled;
}
