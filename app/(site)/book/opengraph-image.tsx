import { pageCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'Book a consultation with Throughline Partners';

export default function Image() {
  return pageCard('Book a consultation', 'Throughline Partners');
}
