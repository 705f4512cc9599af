import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkPageWeight, HTML_WEIGHT_MAJOR_BYTES, HTML_WEIGHT_MINOR_BYTES } from './page-weight';

describe('checkPageWeight', () => {
  it('passes a lean page', () => {
    expect(checkPageWeight(bodyPage('<p>Hi</p>', { bytes: HTML_WEIGHT_MINOR_BYTES - 1 }))).toBeNull();
  });

  it('reports a heavy page as minor, then major', () => {
    expect(checkPageWeight(bodyPage('<p>Hi</p>', { bytes: 312_400 }))).toMatchObject({
      id: 'basics.page-weight',
      severity: 'minor',
      title: 'The page’s HTML alone weighs 312 KB',
      evidence: '312,400 bytes of HTML received.',
    });
    expect(checkPageWeight(bodyPage('<p>Hi</p>', { bytes: HTML_WEIGHT_MAJOR_BYTES }))?.severity).toBe('major');
  });

  it('reports a page cut at the cap as major, saying it was larger', () => {
    expect(checkPageWeight(bodyPage('<p>Hi</p>', { bytes: 2_097_152, truncated: true }))).toMatchObject({
      severity: 'major',
      title: 'The page’s HTML alone weighs more than 2,097 KB',
      evidence: '2,097,152 bytes of HTML received before we stopped reading.',
    });
  });
});
