import { pageCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'The Throughline Partners API reference';

// /docs is a document of its own (lib/http/api-reference-page.ts), not a page of the site: its tags name this card.
export default function Image() {
  return pageCard('The public JSON API: services, insights, inquiries and bookings', 'API reference');
}
