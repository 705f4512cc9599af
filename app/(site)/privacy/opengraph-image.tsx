import { pageCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'What Throughline Partners counts, and what it does not';

// The page's own openGraph metadata (pageMetadata) replaces the site's, card included: it needs its own.
export default function Image() {
  return pageCard('What we count, and what we do not', 'Privacy');
}
