/**
 * A list's table: striped, fitted to the screen, with a header row whose sortable columns sort on a
 * tap. Below 40em (a phone, a tablet at 200 % zoom) each row becomes a block whose cells stack as
 * label and value, and the sort headers a row of buttons above the list (.fit-table in global.css,
 * issue 30). The labels are CSS (::before, generated here from the column names), so rows added later,
 * page by page or slice by slice, get them with no script; explicit table roles keep the table a
 * table for screen readers whatever its display (Safari drops them for display: block).
 */
import { useId, type ReactNode } from 'react';
import type { SortState } from '../lib/sorting';
import { SortableHeader } from './sortable-header';
import { Sliced } from './sliced';
import { Table, TableRoles, type TableProps } from './table';

export interface TableColumn {
  /** The sort column (useSort's key) when `sortable`; otherwise only a React key. */
  key: string;
  label: ReactNode;
  sortable?: boolean;
  priority?: 'low';
}

export interface DataTableProps {
  /** The table's accessible name (a table under its own heading may go without). */
  label?: string;
  /** The header cells; a plain string is a column that does not sort. */
  columns: readonly (TableColumn | string)[];
  /** useSort's state and toggle, for the sortable columns. */
  sorting?: { sort: SortState; onSort(column: string): void };
  verticalSpacing?: TableProps['verticalSpacing'];
  /** The body rows; with `bodies`, the table's tbody elements (a list loaded page by page). */
  children: ReactNode;
  bodies?: boolean;
}

const asColumn = (c: TableColumn | string): TableColumn => (typeof c === 'string' ? { key: c, label: c } : c);

/** A CSS string: JSON's quoting, with the two line separators JSON leaves as they are escaped. */
const cssString = (text: string) => JSON.stringify(text).replace(/\u2028/g, '\\2028 ').replace(/\u2029/g, '\\2029 ');

/**
 * The phone's labels: cell n of a row shows column n's name before its value ('/ ""': shown, not read,
 * as the cell already has its column header). Cells spanning columns (an empty row's message) go without.
 */
function labelRules(scope: string, columns: readonly TableColumn[]): string {
  const rules = columns
    .map((c, i) => {
      if (typeof c.label !== 'string' || !c.label) return '';
      const cell = `[data-table-id="${scope}"] td:nth-child(${i + 1}):not([colspan])`;
      return `${cell}{padding-inline-start:var(--cell-label-width)}${cell}::before{content:${cssString(c.label)} / ""}`;
    })
    .join('');
  return `@media (max-width: 40em){${rules}}`;
}

export function DataTable({ label, columns, sorting, verticalSpacing, children, bodies }: DataTableProps) {
  const scope = useId();
  const cols = columns.map(asColumn);
  return (
    <div className="fit-table" data-table-id={scope}>
      <style>{labelRules(scope, cols)}</style>
      <TableRoles.Provider value>
      <Table striped verticalSpacing={verticalSpacing} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) =>
              c.sortable && sorting && typeof c.label === 'string' ? (
                <SortableHeader key={c.key} column={c.key} label={c.label} sort={sorting.sort} onSort={sorting.onSort} priority={c.priority} />
              ) : (
                <Table.Th key={c.key} data-priority={c.priority}>
                  {c.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        {bodies ? children : (
          <Table.Tbody>
            <Sliced>{children}</Sliced>
          </Table.Tbody>
        )}
      </Table>
      </TableRoles.Provider>
    </div>
  );
}
