import { config } from '@/lib/config';
import { canonicalSha256 } from '../../core/hashing';
import type { Prisma } from '@/lib/generated/prisma/client';
import { readContentRowsIn } from './content-rows';
import { buildPublishedContent } from './load-published-content';
import type { PublishedContent } from './published-content';

/** Short hash of the content and the release: same content, same stamp, on every instance and after restarts. */
export function computeBuildStamp(content: PublishedContent): string {
  const { servicesById: _s, insightsById: _i, testimonialsByService: _t, faqsByService: _f, ...hashable } = content;
  return canonicalSha256({ release: config().APP_RELEASE, content: hashable }).slice(0, 12);
}

/** The build_stamp the content will have once the open transaction commits (a publish announcing its new edition). */
export async function buildStampIn(tx: Prisma.TransactionClient, now: Date): Promise<string> {
  return computeBuildStamp(buildPublishedContent(await readContentRowsIn(tx), now).content);
}
