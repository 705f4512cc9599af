import { serviceCard } from '@/lib/seo/social-cards';
export { SOCIAL_CARD_SIZE as size, SOCIAL_CARD_TYPE as contentType } from '@/lib/seo/social-card';

export const alt = 'A service of Throughline Partners';

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  return serviceCard((await params).id);
}
