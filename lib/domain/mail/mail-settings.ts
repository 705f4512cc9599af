import { config } from '@/lib/config';
import { mailSettings, type MailSettings } from '@/lib/mail';
import { contentSnapshot } from '../content/snapshot';
import { DomainError } from '../../core/errors';

/**
 * The sender, branding and links every message rendered now will carry: the published company profile (never a
 * draft, even when staff in preview mode cause the message) and MAIL_FROM, FIRM_INBOX_EMAIL, SITE_URL. Call it
 * before opening the transaction that enqueues the message: it reads the content snapshot.
 */
export async function loadMailSettings(now = new Date()): Promise<MailSettings> {
  const { content } = await contentSnapshot();
  if (!content.company) throw new DomainError('CONTENT_UNAVAILABLE', 'The company profile has not been loaded yet.');
  return mailSettings(content.company, config(), now);
}
