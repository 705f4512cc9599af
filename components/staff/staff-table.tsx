import type { ReactNode } from 'react';

/** One column of a staff table: its header, and what each row shows in it. */
export interface StaffColumn<Row> {
  heading: string;
  /** For a column of buttons: screen readers read the heading, the page does not show it. */
  headingHidden?: boolean;
  /** Extra classes for the header cell, e.g. a width in a fixed layout. */
  headingClassName?: string;
  /** Extra classes for this column's cells, e.g. to let long text break. */
  cellClassName?: string;
  cellTestId?: string;
  cell: (row: Row) => ReactNode;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

const PADDING = {
  regular: { between: 'py-2 pr-3', last: 'py-2' },
  compact: { between: 'py-1 pr-2', last: 'py-1' },
};

/**
 * The staff pages' list of records: a header row of column headings (scope="col"), one row a record, a caption for
 * screen readers, and a sentence instead of an empty table when there is nothing to list. A column given as `false`
 * or `undefined` is left out, so an optional column reads `action && { … }`.
 */
export function StaffTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  empty,
  className = '',
  testId,
  rowTestId,
  compact = false,
  fixedLayout = false,
}: {
  rows: readonly Row[];
  columns: readonly (StaffColumn<Row> | false | undefined)[];
  /** What tells rows apart, when it is not their `id`. */
  rowKey?: (row: Row) => string | number;
  /** Names the table for screen readers where no heading right above it does. */
  caption?: string;
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: string;
  /** Spacing above the table (or the empty sentence). */
  className?: string;
  testId?: string;
  rowTestId?: (row: Row) => string;
  compact?: boolean;
  /** Column widths from the headings' classes instead of from the content. */
  fixedLayout?: boolean;
}) {
  if (rows.length === 0 && empty !== undefined) return <p className={classes(className, 'text-ink-muted')}>{empty}</p>;
  const shown = columns.filter((column): column is StaffColumn<Row> => Boolean(column));
  const padding = PADDING[compact ? 'compact' : 'regular'];
  const keyOf = (row: Row) => rowKey?.(row) ?? (row as { id?: string | number }).id;
  const cellClass = (index: number, extra?: string) => classes(extra, index === shown.length - 1 ? padding.last : padding.between);
  return (
    <table className={classes(className, 'w-full border-collapse', fixedLayout && 'table-fixed', 'text-left text-sm')} data-testid={testId}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr className="border-b border-line">
          {shown.map((column, index) => (
            <th key={column.heading} scope="col" className={cellClass(index, column.headingClassName)}>
              {column.headingHidden ? <span className="sr-only">{column.heading}</span> : column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={keyOf(row)} className="border-b border-line align-top" data-testid={rowTestId?.(row)}>
            {shown.map((column, index) => (
              <td key={column.heading} className={cellClass(index, column.cellClassName)} data-testid={column.cellTestId}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
