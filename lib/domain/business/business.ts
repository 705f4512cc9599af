import type { CompanyProfileBody } from '@/lib/contract/business';
import { visibleContent } from '../content-workflow/visible-content';
import { DomainError } from '../../core/errors';
import type { PublishedImage } from '../media/published-image';

export async function getCompanyProfile(): Promise<CompanyProfileBody> {
  const { content } = await visibleContent();
  if (!content.company) throw new DomainError('CONTENT_UNAVAILABLE', 'The company profile has not been loaded yet.');
  return content.company;
}

export async function listCredentials() {
  const { content } = await visibleContent();
  return { credentials: content.credentials, total: content.credentials.length };
}

/** The portrait of each leader of the company profile, in its order (null where a leader has none). */
export async function leaderPortraits(): Promise<(PublishedImage | null)[]> {
  return (await visibleContent()).content.leaderPortraits;
}
