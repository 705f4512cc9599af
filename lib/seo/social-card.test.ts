import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { visibleContent } from '@/lib/domain/content-workflow/visible-content';
import { socialCard } from './social-card';

async function pixels(response: Response) {
  const png = Buffer.from(await response.arrayBuffer());
  const metadata = await sharp(png).metadata();
  // stats() reads its input, not the pipeline: the region is cut out first.
  const regionColour = async (left: number, width: number) =>
    (await sharp(await sharp(png).extract({ left, top: 0, width, height: 630 }).toBuffer()).stats()).dominant;
  return { metadata, left: await regionColour(0, 600), right: await regionColour(800, 400) };
}

describe('socialCard', () => {
  it('is a 1200 × 630 PNG in the firm’s ink', async () => {
    const card = await pixels(await socialCard({ eyebrow: 'Insight', title: 'Buffer management', facts: ['Elena Vasquez', '5 min read'] }));
    expect(card.metadata).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(card.right).toEqual(card.left);
  });

  it('shows the page’s picture on its right part, cropped around the focal point', async () => {
    const { content } = await visibleContent();
    const hero = content.insightsById.get('buffer-management-red-zones')!.hero!;
    const card = await pixels(await socialCard({ eyebrow: 'Insight', title: 'Buffer management', picture: hero.image }));
    expect(card.metadata).toMatchObject({ width: 1200, height: 630 });
    // The diagram is drawn on paper, far lighter than the card's ink.
    expect(card.right.r + card.right.g + card.right.b).toBeGreaterThan(card.left.r + card.left.g + card.left.b + 300);
  });
});
