import { describe, expect, it } from 'vitest';
import { headPage } from '../../../test-support/audit/page-from';
import { checkOpenGraph } from './open-graph';

const withTags = (tags: string[]) => headPage(tags.map((tag) => `<meta property="${tag}" content="Same-week cleanings">`).join(''));

describe('checkOpenGraph', () => {
  it('passes a page with title, description and image', () => {
    expect(checkOpenGraph(withTags(['og:title', 'og:description', 'og:image']))).toBeNull();
  });

  it('reports a page with no OpenGraph tags as minor', () => {
    expect(checkOpenGraph(withTags([]))).toMatchObject({ id: 'basics.opengraph-missing', severity: 'minor' });
  });

  it('notes the tags that are missing', () => {
    const finding = checkOpenGraph(withTags(['og:title']));
    expect(finding).toMatchObject({ id: 'basics.opengraph-incomplete', severity: 'info' });
    expect(finding?.detail).toContain('The page lacks og:description, og:image.');
  });
});
