import type { FindingDraft, FindingField } from '@/lib/domain/reports/finding-draft';
// The pure part of the domain (no database), so the client editor can share it.
import { EMPTY_FINDING, FINDING_FIELDS, MAX_FINDINGS } from '@/lib/domain/reports/finding-draft';

/*
 * The repeatable findings form as plain data, shared by the editor (client) and its server action: each finding's
 * fields are named `findings.<index>.<field>`, the same keys the publish errors use, so an error lands next to its
 * field. Every button submits the whole form, so nothing typed is lost whichever button is pressed.
 */

export type FindingsIntent = { kind: 'save' } | { kind: 'add' } | { kind: 'remove'; index: number } | { kind: 'publish' };

/** What the editor shows after each action: the draft as saved, errors by field, and when it was saved. */
export interface FindingsFormState {
  drafts: FindingDraft[];
  /** By field name (`findings.1.title`), `findings` for the list as a whole, `form` for a refusal. */
  errors: Record<string, string>;
  /** ISO time of the last save, null before the first one in this visit. */
  savedAt: string | null;
}

export const fieldName = (index: number, field: FindingField) => `findings.${index}.${field}`;

const FIELD_NAME = /^findings\.(\d{1,3})\.([a-z]+)$/;
const isFindingField = (name: string): name is FindingField => (FINDING_FIELDS as readonly string[]).includes(name);

function intentOf(value: FormDataEntryValue | null): FindingsIntent {
  if (value === 'add' || value === 'publish') return { kind: value };
  const removal = typeof value === 'string' ? /^remove:(\d{1,3})$/.exec(value) : null;
  return removal ? { kind: 'remove', index: Number(removal[1]) } : { kind: 'save' };
}

/** The findings in the order of their indexes (gaps closed), and which button was pressed. */
export function readFindingsForm(formData: FormData): { drafts: FindingDraft[]; intent: FindingsIntent } {
  const byIndex = new Map<number, FindingDraft>();
  for (const [name, value] of formData.entries()) {
    const match = FIELD_NAME.exec(name);
    if (!match || typeof value !== 'string' || !isFindingField(match[2]!)) continue;
    const index = Number(match[1]);
    byIndex.set(index, { ...(byIndex.get(index) ?? EMPTY_FINDING), [match[2]!]: value });
  }
  const drafts = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, draft]) => draft);
  return { drafts: drafts.slice(0, MAX_FINDINGS), intent: intentOf(formData.get('intent')) };
}

/** The draft after the button's edit: another empty finding, or one fewer. */
export function applyIntent(drafts: FindingDraft[], intent: FindingsIntent): FindingDraft[] {
  if (intent.kind === 'add') return drafts.length < MAX_FINDINGS ? [...drafts, { ...EMPTY_FINDING }] : drafts;
  if (intent.kind === 'remove') return drafts.filter((_draft, index) => index !== intent.index);
  return drafts;
}
