import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { invalidateContentSnapshot } from '../content/snapshot';
import { isStopWord } from './english-stop-words';
import { searchInsights } from './insight-search';
import { insightSearchEngine } from './insight-search-engine';
import { parseSearchQuery } from './parse-search-query';

const ids = async (q: string, extra: { topics?: string[] } = {}) =>
  (await searchInsights({ q, limit: 100, offset: 0, ...extra })).results.map((r) => r.id).sort();

/** Published articles whose searched text matches a pattern: an oracle independent of the engine. */
async function publishedWhere(pattern: RegExp): Promise<string[]> {
  const rows = await db.insight.findMany({ where: { status: 'published' } });
  return rows
    .filter((row) => pattern.test([row.title, row.summary, row.content, ...(row.keywords as string[])].join('\n')))
    .map((row) => row.id)
    .sort();
}

describe('search semantics on the seed articles', () => {
  it('reads \' OR 1=1 -- as the phrase "1 1": only the two articles that mention $1.1 million', async () => {
    expect(await publishedWhere(/\$1\.1 million/)).toEqual(['five-focusing-steps-in-practice', 'why-local-efficiency-lies']);
    expect(await ids("' OR 1=1 --")).toEqual(['five-focusing-steps-in-practice', 'why-local-efficiency-lies']);
  });

  it('matches a stop word alone as a whole word: `or` finds articles with "or", not with only "order"', async () => {
    expect(await ids('or')).toEqual(await publishedWhere(/\bor\b/i));
    const me = await ids('me');
    expect(me).toEqual(await publishedWhere(/\bme\b/i));
    expect(me).toHaveLength(1);
  });

  it('makes only the typed last word a prefix', async () => {
    expect(await ids('ord ')).toEqual([]);
    expect(await ids('ord')).toEqual(await publishedWhere(/\bord/i));
    expect(await ids('ord constraint')).toEqual([]);
  });

  it('stems: constraints finds constraint and the reverse', async () => {
    const singular = await ids('constraint ');
    expect(singular).toEqual(await publishedWhere(/\bconstraints?\b/i));
    expect(await ids('constraints ')).toEqual(singular);
  });

  it('matches a quoted phrase in order, stop words included', async () => {
    expect(await ids('"theory of constraints"')).toEqual(await publishedWhere(/\btheor(?:y|ies)\W+of\W+constraints?\b/i));
    expect(await ids('"constraints of theory"')).toEqual([]);
  });

  it('excludes words and phrases', async () => {
    const buffer = await ids('buffer ');
    const distribution = new Set(await ids('distribution '));
    expect(await ids('buffer -distribution')).toEqual(buffer.filter((id) => !distribution.has(id)));
    const redZone = new Set(await ids('"red zone"'));
    expect(await ids('buffer -"red zone"')).toEqual(buffer.filter((id) => !redZone.has(id)));
  });

  it.each([['"constraint'], ['%_%'], ['constraint NEAR(buffer) OR title:drum AND NOT *'], ["'; DROP TABLE Insight; --"], ['constraint)(']])(
    'treats %j as plain text',
    async (q) => {
      const result = await searchInsights({ q, limit: 100, offset: 0 });
      expect(result.total).toBe(result.results.length);
      expect(result.query).toBe(q);
    },
  );

  it('never fails and never finds more than it counts, whatever the text', async () => {
    const syntax = fc.constantFrom(
      '"',
      '-',
      '*',
      ' ',
      'OR',
      'AND',
      'NOT',
      'NEAR(',
      ')',
      ':',
      '^',
      '{',
      '}',
      '+',
      '%',
      '_',
      "'",
      '\\',
      'drum',
      'buffer',
      'é',
      '\u0301',
      '\u0000',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.array(syntax, { maxLength: 30 }).map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(text, async (q) => {
        const result = await searchInsights({ q, limit: 5, offset: 0 });
        expect(result.results.length).toBe(Math.min(5, result.total));
      }),
      { numRuns: 300 },
    );
  });

  it('answers a 10,000-character query by its first 24 words', async () => {
    const q = 'throughput constraint '.repeat(455).slice(0, 10_000);
    expect(await ids(q)).toEqual(await ids('throughput constraint '));
  });
});

/** Words of the seed whose stem is shorter than what a reader has typed on the way to them ("evaporat", stem "evapor"). */
const PAST_THE_STEM = [
  'evaporating',
  'subordination',
  'replenishment',
  'multitasking',
  'allocation',
  'accounting',
  'utilization',
  'improvement',
  'focusing',
  'organizations',
  'recalculating',
  'operational',
];

describe('the word being typed, matched against the words as written', () => {
  it.each(PAST_THE_STEM)('finds, at every letter of %j from the second, what the finished word finds', async (word) => {
    const finished = await ids(`${word} `);
    expect(finished.length).toBeGreaterThan(0);
    for (let length = 2; length <= word.length; length++) {
      const typed = word.slice(0, length);
      // A stop word ("or" on the way to "organizations") is a finished word, never a prefix.
      if (isStopWord(typed)) continue;
      expect({ typed, found: await ids(typed) }).toEqual({ typed, found: expect.arrayContaining(finished) });
    }
  });

  it('finds exactly what the finished word finds once no longer word begins with it', async () => {
    expect(await ids('evaporating')).toEqual(await ids('evaporating '));
    // Stemmed variants count, also of a form no article writes: they say "bottleneck" and "chart", never "charts".
    expect(await ids('bottlenecks')).toEqual(await publishedWhere(/\bbottlenecks?\b/i));
    expect(await ids('charts')).toEqual(await publishedWhere(/\bcharts?\b/i));
    expect(await ids('charts')).toEqual(await ids('chart '));
  });

  it('never finds a word that merely shares the start of the typed word\'s stem: "constrained" is not "constraint"', async () => {
    const constrained = await publishedWhere(/\bconstrain(?:s|ed|ing)?\b/i);
    expect(constrained).toEqual(['drum-buffer-rope-for-job-shops']);
    expect(await ids('constrained')).toEqual(constrained);
    expect(await ids('constrain')).toEqual(await publishedWhere(/\bconstrain/i));
  });

  it('finds nothing for typed text that begins no word of the articles', async () => {
    expect(await ids('evaporatx')).toEqual([]);
    expect(await ids('drum evaporatx')).toEqual([]);
  });

  it('reads one letter as a whole word ("product b" is Product B) and two as a prefix', async () => {
    const b = await publishedWhere(/\bb\b/i);
    expect(b.length).toBeGreaterThan(1);
    expect(await ids('b')).toEqual(b);
    const product = await ids('product ');
    expect(await ids('product b')).toEqual(product.filter((id) => b.includes(id)));
    expect(await ids('ev')).toEqual(await publishedWhere(/\bev/i));
  });

  it('folds accents as the index does, in what is typed and in what the articles say', async () => {
    const id = 'accented-words';
    await db.$transaction(async (tx) => {
      await tx.insight.create({
        data: {
          id,
          title: 'Électrification des façades à Zürich',
          summary: 'Une naïveté: le goulot (Engpaß) est ailleurs.',
          content: 'Les électrifications de Zürich.',
          topics: [],
          keywords: [],
          relatedIds: [],
          status: 'draft',
        },
      });
      await insightSearchEngine.reindex(tx, [id]);
    });
    // A staff preview (publishedBy null) finds the draft: the index's answer, without the content snapshot.
    const preview = async (q: string) =>
      (await insightSearchEngine.page({ query: parseSearchQuery(q)!, publishedBy: null, topics: [], limit: 100, offset: 0 })).sort();
    for (const q of [
      'électrifica',
      'electrifica',
      'ELECTRIFICATION',
      'Électrifications',
      'façad',
      'facades',
      'zuri',
      'Zürich',
      'naïvet',
      'naivete',
      'engpa',
      'Engpaß',
    ]) {
      expect({ q, found: await preview(q) }).toEqual({ q, found: [id] });
    }
  });
});

describe('paging, counting and filtering in SQL', () => {
  it('pages the ranking and counts every match on every page', async () => {
    const all = await searchInsights({ q: 'constraint', limit: 100, offset: 0 });
    expect(all.total).toBe(all.results.length);
    expect(all.total).toBeGreaterThan(5);
    const pages = [];
    for (let offset = 0; offset < all.total; offset += 2) {
      const page = await searchInsights({ q: 'constraint', limit: 2, offset });
      expect(page.total).toBe(all.total);
      pages.push(...page.results.map((r) => r.id));
    }
    expect(pages).toEqual(all.results.map((r) => r.id));
    expect(await searchInsights({ q: 'constraint', limit: 5, offset: all.total + 3 })).toEqual({ results: [], total: all.total, query: 'constraint' });
  });

  it('filters by topics (any of them, any case) before counting', async () => {
    const all = (await searchInsights({ q: 'buffer', limit: 100, offset: 0 })).results;
    const wanted = new Set(['distribution', 'critical-chain']);
    const expected = all.filter((r) => r.topics?.some((t) => wanted.has(t))).map((r) => r.id);
    const filtered = await searchInsights({ q: 'buffer', topics: ['Distribution', 'critical-chain'], limit: 100, offset: 0 });
    expect(filtered.results.map((r) => r.id)).toEqual(expected);
    expect(filtered.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('never finds drafts; a staff preview (publishedBy null) does', async () => {
    const drafts = await db.insight.findMany({ where: { status: 'draft' } });
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      const query = parseSearchQuery(draft.title)!;
      expect((await searchInsights({ q: draft.title, limit: 100, offset: 0 })).results.map((r) => r.id)).not.toContain(draft.id);
      const preview = await insightSearchEngine.page({ query, publishedBy: null, topics: [], limit: 100, offset: 0 });
      expect(preview).toContain(draft.id);
    }
  });

  it('finds an insight scheduled for later only from its publish time on', async () => {
    const id = 'market-as-the-constraint';
    const publishAt = new Date('2030-03-01T09:00:00Z');
    await db.$transaction(async (tx) => {
      await tx.insight.update({ where: { id }, data: { publishedAt: publishAt } });
      await insightSearchEngine.reindex(tx, [id]);
    });
    const request = { query: parseSearchQuery('mafia offer')!, topics: [] };
    expect(await insightSearchEngine.count({ ...request, publishedBy: new Date(publishAt.getTime() - 1) })).toBe(0);
    expect(await insightSearchEngine.page({ ...request, publishedBy: publishAt, limit: 10, offset: 0 })).toEqual([id]);
    // The API asks as of its content snapshot, which does not publish it yet either.
    invalidateContentSnapshot();
    expect(await ids('mafia offer')).toEqual([]);
  });

  it('returns snippets for the ids asked for only', async () => {
    const query = parseSearchQuery('buffer')!;
    const snippets = await insightSearchEngine.snippets(query, ['buffer-management-red-zones', 'evaporating-cloud-for-leadership-conflicts', 'no-such-id']);
    // The evaporating-cloud article never mentions buffers, so it has no excerpt either.
    expect(snippets.map((s) => s.id)).toEqual(['buffer-management-red-zones']);
  });
});
