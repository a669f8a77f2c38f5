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

interface TableColumn {
  /** The sort column (useSort's key) when `sortable`; otherwise only a React key. */
  key: string;
  label: ReactNode;
  sortable?: boolean;
  /**
   * On a portrait tablet this column gives up its own track and shows as a second line under the
   * column with this key (its header under that header, its value under that value, issue 28 item 29).
   */
  foldUnder?: string;
  /** false: on a phone the value goes without its label (a date that speaks for itself). */
  phoneLabel?: false;
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
  /** Where `foldUnder` applies: a portrait tablet (default), or every tablet width (a table in a narrow column). */
  foldOn?: 'portrait' | 'tablet';
}

const asColumn = (c: TableColumn | string): TableColumn => (typeof c === 'string' ? { key: c, label: c } : c);

/** A CSS string: JSON's quoting, with the two line separators JSON leaves as they are escaped. */
const cssString = (text: string) =>
  JSON.stringify(text)
    .replace(/\u2028/g, '\\2028 ')
    .replace(/\u2029/g, '\\2029 ');

/**
 * The phone's labels: cell n of a row shows column n's name before its value ('/ ""': shown, not read,
 * as the cell already has its column header). Cells spanning columns (an empty row's message) go without.
 */
function labelRules(scope: string, columns: readonly TableColumn[]): string {
  const rules = columns
    .map((c, i) => {
      if (typeof c.label !== 'string' || !c.label || c.phoneLabel === false) return '';
      const cell = `[data-table-id="${scope}"] td:nth-child(${i + 1}):not([colspan])`;
      return `${cell}{padding-inline-start:var(--cell-label-width)}${cell}::before{content:${cssString(c.label)} / ""}`;
    })
    .join('');
  return `@media (max-width: 40em){${rules}}`;
}

/** What a folded value is prefixed with: 'Inlogmethode: ', or '#' for a row number. */
const foldPrefix = (label: string) => (label.length <= 1 ? label : `${label}:`);

/**
 * A portrait tablet (40–62em): the table is a grid whose rows are subgrids, so a folded column's header
 * and cells can sit on a second line in their main column's track while the table keeps its markup,
 * its roles and its sort headers. A table in a narrow column (the dashboard's feed) folds on every tablet.
 * Every cell is placed explicitly; the others span both lines.
 * Without subgrid (older Safari) the folded columns stay plain columns.
 */
function foldRules(scope: string, columns: readonly TableColumn[], on: 'portrait' | 'tablet' = 'portrait'): string {
  const keys = columns.map((c) => c.key);
  const folded = columns.filter((c) => c.foldUnder !== undefined && keys.includes(c.foldUnder));
  if (folded.length === 0) return '';
  const tracks = columns.filter((c) => !folded.includes(c)).map((c) => c.key);
  const under = new Map<string, string[]>();
  for (const c of folded) under.set(c.foldUnder as string, [...(under.get(c.foldUnder as string) ?? []), c.key]);
  const lines = 1 + Math.max(...[...under.values()].map((l) => l.length));
  const t = `[data-table-id="${scope}"]`;
  const place = columns
    .map((c, i) => {
      const cell = `${t} tr>:nth-child(${i + 1})`;
      const main = c.foldUnder !== undefined && folded.includes(c) ? c.foldUnder : undefined;
      if (main !== undefined) {
        const line = 2 + (under.get(main) ?? []).indexOf(c.key);
        const prefix = typeof c.label === 'string' ? `${cell}:is(td)::before{content:${cssString(foldPrefix(c.label))} / ""}` : '';
        return `${cell}{grid-column:${tracks.indexOf(main) + 1};grid-row:${line};align-self:start;padding-top:0;display:flex;flex-wrap:wrap;align-items:center;column-gap:.3em}${cell}:empty{display:none}${prefix}`;
      }
      if (under.has(c.key)) return `${cell}{grid-column:${tracks.indexOf(c.key) + 1};grid-row:1;align-self:end}`;
      return `${cell}{grid-column:${tracks.indexOf(c.key) + 1};grid-row:1 / span ${lines};align-self:center}`;
    })
    .join('');
  return (
    `@supports (grid-template-columns:subgrid){@media (min-width:40.01em)${on === 'portrait' ? ' and (max-width:62em)' : ''}{` +
    `${t} table{display:grid;grid-template-columns:repeat(${tracks.length},auto)}` +
    `${t} :is(thead,tbody,tr){display:grid;grid-column:1 / -1;grid-template-columns:subgrid}` +
    `${t} tr>*{display:block;width:auto}${place}${t} tr>td[colspan]{grid-column:1 / -1;grid-row:auto}}}`
  );
}

export function DataTable({ label, columns, sorting, verticalSpacing, children, bodies, foldOn }: DataTableProps) {
  const scope = useId();
  const cols = columns.map(asColumn);
  return (
    <div className="fit-table" data-table-id={scope}>
      <style>{labelRules(scope, cols) + foldRules(scope, cols, foldOn)}</style>
      <TableRoles.Provider value>
        <Table striped verticalSpacing={verticalSpacing} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {cols.map((c) =>
                c.sortable && sorting && typeof c.label === 'string' ? (
                  <SortableHeader
                    key={c.key}
                    column={c.key}
                    label={c.label}
                    sort={sorting.sort}
                    onSort={sorting.onSort}
                    folded={c.foldUnder !== undefined}
                  />
                ) : (
                  <Table.Th key={c.key} data-folded={c.foldUnder !== undefined || undefined}>
                    {c.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          {bodies ? (
            children
          ) : (
            <Table.Tbody>
              <Sliced>{children}</Sliced>
            </Table.Tbody>
          )}
        </Table>
      </TableRoles.Provider>
    </div>
  );
}
