import { insightCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'An insight from Throughline Partners';

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  return insightCard((await params).id);
}
