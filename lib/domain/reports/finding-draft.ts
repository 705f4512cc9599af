import { z } from 'zod';
import type { ReportFindingBody } from '@/lib/contract/checkout';
import { ReportFinding } from '@/lib/contract/checkout';

/** Findings one consultant report may hold. */
export const MAX_FINDINGS = 50;

/**
 * Cap for each field of a draft: well above the contract's limits, so a draft keeps whatever was typed (an
 * over-long detail is reported when publishing, not thrown away on saving), yet a request cannot store megabytes.
 */
const DraftText = z.string().max(20_000).default('');

/** A finding as typed: every field text, possibly empty or invalid. Kept on the report until it is published. */
export const FindingDraft = z.object({
  id: DraftText,
  category: DraftText,
  severity: DraftText,
  title: DraftText,
  detail: DraftText,
  recommendation: DraftText,
  evidence: DraftText,
});
export type FindingDraft = z.output<typeof FindingDraft>;
export type FindingField = keyof FindingDraft;

/** The fields in the order the form shows them. */
export const FINDING_FIELDS = FindingDraft.keyof().options;

export const FindingDrafts = z.array(FindingDraft).max(MAX_FINDINGS);

export const EMPTY_FINDING: FindingDraft = { id: '', category: '', severity: '', title: '', detail: '', recommendation: '', evidence: '' };

/** A stored draft, or none when the column holds something else (it is only ever written through FindingDrafts). */
export function parseStoredDraft(value: unknown): FindingDraft[] | null {
  const parsed = FindingDrafts.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Text fields trimmed; an empty evidence means "nothing to quote", which the contract writes as null. */
function candidateOf(draft: FindingDraft): Record<FindingField, string | null> {
  const trimmed = Object.fromEntries(FINDING_FIELDS.map((field) => [field, draft[field].trim()])) as Record<FindingField, string>;
  return { ...trimmed, evidence: trimmed.evidence === '' ? null : trimmed.evidence };
}

/**
 * What a consultant may publish: the contract's findings (the same schema as the API's), at least one, each id
 * used once so every finding can be told apart.
 */
export const PublishableFindings = z.object({ findings: z.array(ReportFinding).max(MAX_FINDINGS) }).superRefine(({ findings }, context) => {
  if (findings.length === 0) context.addIssue({ code: 'custom', path: ['findings'], message: 'Write at least one finding before publishing' });
  const seen = new Set<string>();
  findings.forEach((finding, index) => {
    if (seen.has(finding.id)) context.addIssue({ code: 'custom', path: ['findings', index, 'id'], message: 'Another finding already uses this identifier' });
    seen.add(finding.id);
  });
});

export type PublishCheck = { ok: true; findings: ReportFindingBody[] } | { ok: false; input: unknown; issues: z.core.$ZodIssue[] };

/** Validates a draft for publishing; on failure, the issues and the input they refer to (for the form's messages). */
export function checkPublishable(drafts: readonly FindingDraft[]): PublishCheck {
  const input = { findings: drafts.map(candidateOf) };
  const parsed = PublishableFindings.safeParse(input);
  return parsed.success ? { ok: true, findings: parsed.data.findings } : { ok: false, input, issues: parsed.error.issues };
}
