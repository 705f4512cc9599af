import { describe, expect, it } from 'vitest';
import { headPage } from '../../../test-support/audit/page-from';
import { checkViewport } from './viewport';

const withViewport = (content: string) => headPage(`<meta name="viewport" content="${content}">`);

describe('checkViewport', () => {
  it('passes a responsive viewport', () => {
    expect(checkViewport(withViewport('width=device-width, initial-scale=1'))).toBeNull();
  });

  it('reports a missing or fixed-width viewport as major', () => {
    expect(checkViewport(headPage())).toMatchObject({
      id: 'basics.viewport-missing',
      severity: 'major',
      category: 'mobile',
      evidence: null,
    });
    expect(checkViewport(withViewport('width=1024'))).toMatchObject({ id: 'basics.viewport-missing', evidence: 'width=1024' });
  });

  it('reports a viewport that forbids zooming', () => {
    expect(checkViewport(withViewport('width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no'))).toMatchObject({
      id: 'basics.viewport-blocks-zoom',
      severity: 'minor',
      category: 'accessibility',
    });
    expect(checkViewport(withViewport('width=device-width, maximum-scale=1.0'))?.id).toBe('basics.viewport-blocks-zoom');
    expect(checkViewport(withViewport('width=device-width, maximum-scale=5'))).toBeNull();
  });
});
