import { pageCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'Your audit report from Throughline Partners';

// The same card for every report: it reads nothing, so its address (which holds the link's token) tells nothing.
export default function Image() {
  return pageCard('Your audit report', 'Throughline Partners');
}
