import { homeCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

// Read from the content at each request; the cached pages' copy (cached/[stamp]) is the one kept per edition.
export const dynamic = 'force-dynamic';
export const alt = 'Throughline Partners: Theory of Constraints consulting';

export default function Image() {
  return homeCard();
}
