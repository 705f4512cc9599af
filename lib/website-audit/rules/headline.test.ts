import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkHeadline } from './headline';

describe('checkHeadline', () => {
  it('passes exactly one headline, text or image with alt', () => {
    expect(checkHeadline(bodyPage('<h1>Same-week cleanings for new patients</h1><h2>Prices</h2>'))).toBeNull();
    expect(checkHeadline(bodyPage('<h1><img src="/promise.png" alt="Same-week cleanings"></h1>'))).toBeNull();
  });

  it('reports a page without a headline as major', () => {
    expect(checkHeadline(bodyPage('<h2>Prices</h2><p>Cleanings from $95.</p>'))).toMatchObject({
      id: 'basics.h1-missing',
      severity: 'major',
      category: 'accessibility',
    });
    expect(checkHeadline(bodyPage('<h1> </h1>'))?.id).toBe('basics.h1-missing');
  });

  it('reports several headlines, quoting them', () => {
    expect(checkHeadline(bodyPage('<h1>Welcome</h1><h1>Our services</h1><h1>Contact</h1>'))).toMatchObject({
      id: 'basics.h1-multiple',
      severity: 'minor',
      title: 'The page has 3 main headlines',
      evidence: '“Welcome”, “Our services” and “Contact”',
    });
  });
});
