/**
 * A list's table: striped, fitted to the screen (.fit-table in global.css lets low-priority columns
 * give way on a narrow screen), with a header row whose sortable columns sort on a tap.
 */
import type { ReactNode } from 'react';
import type { SortState } from '../lib/sorting';
import { SortableHeader } from './sortable-header';
import { Sliced } from './sliced';
import { Table, type TableProps } from './table';

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

export function DataTable({ label, columns, sorting, verticalSpacing, children, bodies }: DataTableProps) {
  return (
    <div className="fit-table">
      <Table striped verticalSpacing={verticalSpacing} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map(asColumn).map((c) =>
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
    </div>
  );
}
