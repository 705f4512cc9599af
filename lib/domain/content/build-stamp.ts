import { config } from '@/lib/config';
import { canonicalSha256 } from '../../core/hashing';
import type { PublishedContent } from './published-content';

/** Short hash of the content and the release: same content, same stamp, on every instance and after restarts. */
export function computeBuildStamp(content: PublishedContent): string {
  const { servicesById: _s, insightsById: _i, testimonialsByService: _t, faqsByService: _f, ...hashable } = content;
  return canonicalSha256({ release: config().APP_RELEASE, content: hashable }).slice(0, 12);
}
