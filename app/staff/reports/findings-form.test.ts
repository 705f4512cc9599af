import { describe, expect, it } from 'vitest';
import { EMPTY_FINDING, MAX_FINDINGS } from '@/lib/domain/reports/finding-draft';
import { applyIntent, readFindingsForm } from './findings-form';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('the repeatable findings form', () => {
  it('reads each finding from its indexed fields, in index order, gaps closed, other fields ignored', () => {
    const { drafts, intent } = readFindingsForm(
      form([
        ['$ACTION_ID_abc', ''],
        ['findings.7.title', 'Second'],
        ['findings.2.title', 'First'],
        ['findings.2.severity', 'major'],
        ['findings.2.evidence', '<b>quoted</b>'],
        ['findings.2.colour', 'red'],
        ['findings.x.title', 'not a finding'],
        ['intent', 'save'],
      ]),
    );
    expect(drafts).toEqual([
      { ...EMPTY_FINDING, title: 'First', severity: 'major', evidence: '<b>quoted</b>' },
      { ...EMPTY_FINDING, title: 'Second' },
    ]);
    expect(intent).toEqual({ kind: 'save' });
  });

  it('knows each button, and treats anything else as saving the draft', () => {
    const intentOf = (value: string) => readFindingsForm(form([['intent', value]])).intent;
    expect(intentOf('add')).toEqual({ kind: 'add' });
    expect(intentOf('publish')).toEqual({ kind: 'publish' });
    expect(intentOf('remove:3')).toEqual({ kind: 'remove', index: 3 });
    expect(intentOf('remove:all')).toEqual({ kind: 'save' });
    expect(readFindingsForm(form([])).intent).toEqual({ kind: 'save' });
  });

  it('adds an empty finding, up to the limit, and removes the one asked for', () => {
    const a = { ...EMPTY_FINDING, title: 'A' };
    const b = { ...EMPTY_FINDING, title: 'B' };
    expect(applyIntent([a], { kind: 'add' })).toEqual([a, EMPTY_FINDING]);
    expect(applyIntent([a, b], { kind: 'remove', index: 0 })).toEqual([b]);
    expect(applyIntent([a, b], { kind: 'remove', index: 9 })).toEqual([a, b]);
    const full = Array.from({ length: MAX_FINDINGS }, () => a);
    expect(applyIntent(full, { kind: 'add' })).toHaveLength(MAX_FINDINGS);
  });

  it('never reads more findings than a report may hold', () => {
    const many = Array.from({ length: MAX_FINDINGS + 5 }, (_v, index): [string, string] => [`findings.${index}.title`, `T${index}`]);
    expect(readFindingsForm(form(many)).drafts).toHaveLength(MAX_FINDINGS);
  });
});
