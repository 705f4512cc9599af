import type { ServiceCategoryId } from '@/lib/contract/catalogue';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';

/** Display names and descriptions of the three contract categories, in catalogue order. */
export const SERVICE_CATEGORY_INFO: Record<ServiceCategoryId, { name: string; description: string }> = {
  'constraint-analysis': {
    name: 'Constraint analysis',
    description:
      'Find the one constraint that limits throughput today, measure what an hour of it is worth, and decide how to exploit it before spending on capacity.',
  },
  'offer-analysis': {
    name: 'Offer analysis',
    description:
      'When capacity is no longer the limit, the market is. Audit how buyers find and judge your offer and design one that competitors cannot match.',
  },
  'implementation-support': {
    name: 'Implementation support',
    description:
      'Put Drum-Buffer-Rope, buffer management and Critical Chain to work on the floor and in projects, and coach the team until it runs without us.',
  },
};

export function categoryRank(category: string): number {
  const index = (SERVICE_CATEGORIES as readonly string[]).indexOf(category);
  return index === -1 ? SERVICE_CATEGORIES.length : index;
}
