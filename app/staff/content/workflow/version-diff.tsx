import { StaffSection } from '@/components/staff/staff-section';
import type { VersionComparison } from '@/lib/domain/content-workflow/version-diff';

const LINE_STYLE = {
  same: { sign: ' ', label: '', className: 'text-ink-muted' },
  added: { sign: '+', label: 'only in this version: ', className: 'border-l-4 border-accent pl-2 font-semibold text-ink' },
  removed: { sign: '\u2212', label: 'only in the live one: ', className: 'border-l-4 border-danger pl-2 text-danger line-through' },
} as const;

/** A version against what is live, line by line: what only the version says, and what only the live content says. */
export function VersionDiff({ comparison }: { comparison: VersionComparison }) {
  const { version, lines, added, removed } = comparison;
  return (
    <StaffSection id="diff" title={`Version ${version.number} compared with what is live`}>
      <p className="mt-2 text-sm" data-testid="diff-summary">
        {added === 0 && removed === 0
          ? 'Identical to what is live.'
          : `${added} ${added === 1 ? 'line' : 'lines'} only in version ${version.number}, ${removed} only in the live one.`}
      </p>
      <ol className="mt-4 overflow-x-auto rounded-lg border border-line bg-surface p-4 font-mono text-sm" data-testid="diff">
        {lines.map((line, index) => {
          const style = LINE_STYLE[line.kind];
          return (
            <li key={index} className={`whitespace-pre-wrap ${style.className}`} data-kind={line.kind}>
              <span aria-hidden="true">{style.sign} </span>
              {style.label && <span className="sr-only">{style.label}</span>}
              {line.text}
            </li>
          );
        })}
      </ol>
    </StaffSection>
  );
}
