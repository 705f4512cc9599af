import { pageCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'Services of Throughline Partners';

export default function Image() {
  return pageCard('Start with the constraint', 'Services');
}
