import { describe, expect, it } from 'vitest';
import type { FindingDraft } from './finding-draft';
import { checkPublishable, EMPTY_FINDING, FINDING_FIELDS, parseStoredDraft } from './finding-draft';
import { unansweredReviews } from '../../../test-support/reports/finding-drafts';

/** As a consultant might leave it: spaces around the identifier, the evidence field empty. */
const REVIEWS: FindingDraft = { ...unansweredReviews, id: ` ${unansweredReviews.id} `, evidence: '' };

const issuesOf = (drafts: FindingDraft[]) => {
  const check = checkPublishable(drafts);
  if (check.ok) throw new Error('expected the draft to be refused');
  return check.issues.map((issue) => [issue.path.join('.'), issue.code, issue.message]);
};

describe("a consultant's draft of findings", () => {
  it("lists the fields in the form's order", () => {
    expect(FINDING_FIELDS).toEqual(['id', 'category', 'severity', 'title', 'detail', 'recommendation', 'evidence']);
  });

  it("publishes as the contract's findings: trimmed, and an empty evidence as null", () => {
    expect(checkPublishable([REVIEWS])).toEqual({ ok: true, findings: [{ ...unansweredReviews, id: 'local.reviews-unanswered', evidence: null }] });
  });

  it('refuses what the contract refuses, field by field', () => {
    const issues = issuesOf([REVIEWS, { ...EMPTY_FINDING, id: 'local.hours', category: 'weather', severity: 'high', title: 'x'.repeat(201), evidence: ' ' }]);
    expect(issues).toEqual([
      ['findings.1.category', 'invalid_value', expect.any(String)],
      ['findings.1.severity', 'invalid_value', expect.any(String)],
      ['findings.1.title', 'too_big', expect.any(String)],
      ['findings.1.detail', 'too_small', expect.any(String)],
      ['findings.1.recommendation', 'too_small', expect.any(String)],
    ]);
  });

  it('needs at least one finding, each with its own identifier', () => {
    expect(issuesOf([])).toEqual([['findings', 'custom', 'Write at least one finding before publishing']]);
    expect(issuesOf([REVIEWS, { ...REVIEWS, title: 'The same check twice' }])).toEqual([
      ['findings.1.id', 'custom', 'Another finding already uses this identifier'],
    ]);
  });

  it('reads back a stored draft, and nothing from a column that holds something else', () => {
    expect(parseStoredDraft([{ title: 'Only a title so far' }])).toEqual([{ ...EMPTY_FINDING, title: 'Only a title so far' }]);
    expect(parseStoredDraft({ findings: [] })).toBeNull();
    expect(parseStoredDraft([{ title: 42 }])).toBeNull();
  });
});
