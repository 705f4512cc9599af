import type { CompanyProfileBody } from '@/lib/contract/business';
import { visibleContent } from '../content-workflow/visible-content';
import { DomainError } from '../../core/errors';

export async function getCompanyProfile(): Promise<CompanyProfileBody> {
  const { content } = await visibleContent();
  if (!content.company) throw new DomainError('CONTENT_UNAVAILABLE', 'The company profile has not been loaded yet.');
  return content.company;
}

export async function listCredentials() {
  const { content } = await visibleContent();
  return { credentials: content.credentials, total: content.credentials.length };
}
