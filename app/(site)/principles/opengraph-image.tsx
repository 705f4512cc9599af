import { pageCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'Theory of Constraints principles and tools';

export default function Image() {
  return pageCard('Theory of Constraints principles and tools', 'Knowledge');
}
