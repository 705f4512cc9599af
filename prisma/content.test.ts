import { describe, expect, it } from 'vitest';
import { countWords } from '../lib/domain/insights/reading-time';
import { loadContentFiles } from './load-content-files';

// What the foundation issue asks of the seed content; loadContentFiles also validates shapes and references.
describe('seed content', () => {
  const bundle = loadContentFiles();
  const published = <T extends { status: string }>(items: T[]) => items.filter((i) => i.status === 'published');

  it('has at least 9 published services across the three categories, with every buyer-input pattern', () => {
    const services = published(bundle.services);
    expect(services.length).toBeGreaterThanOrEqual(9);
    expect(new Set(services.map((s) => s.category)).size).toBe(3);
    const checkout = services.filter((s) => s.ctaType === 'stripe');
    expect(checkout.filter((s) => s.buyerInputs.accepted.length === 0).length).toBeGreaterThanOrEqual(2);
    expect(checkout.some((s) => s.buyerInputs.requireOneOf.length === 2 && s.buyerInputs.required.includes('responsibility_acknowledged'))).toBe(true);
    expect(checkout.some((s) => [...s.buyerInputs.accepted].sort().join() === 'responsibility_acknowledged,url_to_audit')).toBe(true);
    const calendar = services.filter((s) => s.ctaType === 'calendar').map((s) => s.pricing.model);
    expect(calendar).toEqual(expect.arrayContaining(['custom_quote', 'fixed_meeting']));
  });

  it('has at least 30 published testimonials and FAQs in all five categories', () => {
    expect(published(bundle.testimonials).length).toBeGreaterThanOrEqual(30);
    expect(new Set(published(bundle.faqs).map((f) => f.category))).toEqual(new Set(['pricing', 'timeline', 'process', 'deliverables', 'general']));
  });

  it('has at least 15 published insights of 600+ words, several featured, and some drafts', () => {
    const insights = published(bundle.insights);
    expect(insights.length).toBeGreaterThanOrEqual(15);
    for (const insight of bundle.insights) expect(countWords(insight.content), insight.id).toBeGreaterThanOrEqual(600);
    expect(insights.filter((i) => i.featured).length).toBeGreaterThanOrEqual(3);
    expect(bundle.insights.some((i) => i.status === 'draft')).toBe(true);
  });

  it('has 8 principles, 8 tools, a profile with leadership bios and credentials, and 3+ consultants', () => {
    expect(bundle.principles.length).toBeGreaterThanOrEqual(8);
    expect(bundle.tools.length).toBeGreaterThanOrEqual(8);
    expect(bundle.company.leadership.every((l) => (l.bio ?? '').length > 50)).toBe(true);
    expect(bundle.company.credentials.length).toBeGreaterThan(0);
    expect(bundle.consultants.filter((c) => c.active).length).toBeGreaterThanOrEqual(3);
  });
});
