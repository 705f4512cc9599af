import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FindingsList } from '@/components/checkout/findings-list';
import { ReportSummary } from '@/components/checkout/report-summary';
import type { ReportFindingBody } from '@/lib/contract/checkout';

const hostile: ReportFindingBody = {
  id: 'offer.no-guarantee',
  category: 'offer',
  severity: 'major',
  title: 'The offer carries <b>no</b> guarantee',
  detail: 'Nothing says what happens if the work is late.',
  recommendation: 'Add “Fixed by the time we quote, or the call-out fee is refunded.”',
  evidence: '<script>alert("owned")</script><img src=x onerror=alert(1)>',
};

describe('the report page pieces', () => {
  it('groups findings by category with the severity in words, and renders every string as text', () => {
    const html = renderToStaticMarkup(
      createElement(FindingsList, {
        findings: [hostile, { ...hostile, id: 'basics.not-https', category: 'security', severity: 'critical', title: 'Not HTTPS', evidence: null }],
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;');
    expect(html.indexOf('Security')).toBeLessThan(html.indexOf('The offer'));
    expect(html).toContain('Critical: fix first');
    expect(html).toContain('What to change');
    // A finding without evidence shows no empty quote.
    expect(html.match(/What we saw/g)).toHaveLength(1);
  });

  it('shows the counts and the page audited', () => {
    const html = renderToStaticMarkup(
      createElement(ReportSummary, {
        summary: {
          counts: { critical: 1, major: 9, minor: 7, info: 0, total: 17 },
          page: {
            requestedUrl: 'http://sunrise-plumbing.example/old-home',
            finalUrl: 'https://www.sunrise-plumbing.example/',
            redirectCount: 2,
            fetchMs: 1240,
            timeToFirstByteMs: 310,
            bytes: 48_210,
            truncated: false,
            https: true,
          },
        },
      }),
    );
    expect(html).toContain('data-testid="report-count-major">9<');
    expect(html).toContain('data-testid="report-final-url">https://www.sunrise-plumbing.example/<');
    expect(html).toContain('1.2 s (first byte after 0.3 s)');
    expect(html).toContain('48 KB');
  });
});
