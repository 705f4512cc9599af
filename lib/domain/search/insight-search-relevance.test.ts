import { describe, expect, it } from 'vitest';
import { searchInsights } from './insight-search';

/**
 * What a reader types, and the published seed articles that must rank in the top 3 for it, decided
 * from the articles (prisma/content/insights), not from the engine's output. The same table is meant to
 * run against the PostgreSQL adapter.
 */
const RELEVANCE: [query: string, mustRankInTop3: string[]][] = [
  ['red zones', ['buffer-management-red-zones']],
  ['buffer penetration', ['buffer-management-red-zones']],
  ['bad multitasking', ['critical-chain-and-multitasking']],
  ['fever charts', ['critical-chain-and-multitasking']],
  ['current reality tree', ['current-reality-tree-walkthrough']],
  ['undesirable effects', ['current-reality-tree-walkthrough']],
  ['release rule job shop', ['drum-buffer-rope-for-job-shops']],
  ['simplified dbr', ['drum-buffer-rope-for-job-shops']],
  ['evaporating cloud', ['evaporating-cloud-for-leadership-conflicts']],
  ['batch size conflict', ['evaporating-cloud-for-leadership-conflicts', 'policy-constraints']],
  ['where is the bottleneck', ['finding-the-constraint-on-the-shop-floor', 'policy-constraints']],
  ['five focusing steps', ['five-focusing-steps-in-practice', 'sustaining-ongoing-improvement']],
  ['mafia offer', ['market-as-the-constraint']],
  ['month-end push', ['policy-constraints']],
  ['replenishing stock', ['replenishment-in-distribution']],
  ['improvement plateau', ['sustaining-ongoing-improvement']],
  ['overhead allocation', ['throughput-accounting-vs-cost-accounting']],
  ['throughput per constraint minute', ['throughput-per-constraint-minute', 'throughput-accounting-vs-cost-accounting']],
  ['lean six sigma kaizen', ['toc-lean-and-six-sigma']],
  ['machine utilization', ['why-local-efficiency-lies']],
];

/**
 * The same, while the last word is still being typed (no space after it yet): each of these stops inside a word after
 * the end of that word's stem ("evaporat" in "evaporating", stem "evapor"), or is a whole word whose stemmed variants
 * must still count ("bottlenecks" finds "bottleneck").
 */
const WHILE_TYPING: [query: string, mustRankInTop3: string[]][] = [
  ['evaporat', ['evaporating-cloud-for-leadership-conflicts']],
  ['subordinat', ['five-focusing-steps-in-practice']],
  ['replenishi', ['replenishment-in-distribution']],
  ['bad multitaski', ['critical-chain-and-multitasking']],
  ['overhead allocati', ['throughput-accounting-vs-cost-accounting']],
  ['throughput accountin', ['throughput-accounting-vs-cost-accounting']],
  ['machine utiliz', ['why-local-efficiency-lies']],
  ['ongoing improvem', ['sustaining-ongoing-improvement']],
  ['five focusi', ['five-focusing-steps-in-practice', 'sustaining-ongoing-improvement']],
  ['where is the bottlenecks', ['finding-the-constraint-on-the-shop-floor', 'policy-constraints']],
  ['undesirable effect', ['current-reality-tree-walkthrough']],
  // Two letters are a prefix; one letter is a whole word ("Product B").
  ['evaporating cl', ['evaporating-cloud-for-leadership-conflicts']],
  ['product b', ['throughput-accounting-vs-cost-accounting']],
];

describe('search relevance on the seed articles', () => {
  it('has 20 queries', () => {
    expect(RELEVANCE).toHaveLength(20);
  });

  it.each(RELEVANCE)('%j ranks %j in the top 3', async (q, expected) => {
    const { results } = await searchInsights({ q, limit: 3, offset: 0 });
    expect(results.map((r) => r.id)).toEqual(expect.arrayContaining(expected));
  });

  it.each(WHILE_TYPING)('%j, typed so far, ranks %j in the top 3', async (q, expected) => {
    const { results } = await searchInsights({ q, limit: 3, offset: 0 });
    expect(results.map((r) => r.id)).toEqual(expect.arrayContaining(expected));
  });

  it('finds nothing for a subject only a draft covers', async () => {
    expect(await searchInsights({ q: 'hospital bed management', limit: 10, offset: 0 })).toEqual({
      results: [],
      total: 0,
      query: 'hospital bed management',
    });
  });
});
