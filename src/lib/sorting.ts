/**
 * Table sorting of part 1 §5: numeric, date-string and text modes, ascending or descending; toggling
 * a column flips its direction and resets the others; an unknown column is an error the screen shows
 * as 'Sorteer optie bestaat niet'.
 */
type SortMode = 'number' | 'date' | 'text';
type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string | null;
  direction: SortDirection;
}

export const UNKNOWN_SORT = 'Sorteer optie bestaat niet';

export class UnknownSortColumn extends Error {
  constructor(column: string) {
    super(`${UNKNOWN_SORT}: ${column}`);
  }
}

/**
 * `plain`: text compared character by character, without reading digits as numbers: for codes
 * ('687E89' before '8FEVZM'), where natural order ('2B' before '10A', right for class names) is wrong.
 */
export type SortColumns<T> = Record<string, { mode: SortMode; value: (row: T) => unknown; plain?: true }>;

/** Clicking a column: the same column flips direction, another starts ascending. */
export function toggleSort(state: SortState, column: string): SortState {
  if (state.column === column) return { column, direction: state.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });
const plainCollator = new Intl.Collator('nl', { sensitivity: 'base' });

function compare(mode: SortMode, a: unknown, b: unknown, plain = false): number {
  const missingA = a === null || a === undefined || a === '';
  const missingB = b === null || b === undefined || b === '';
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (mode === 'number') return Number(a) - Number(b);
  if (mode === 'date') return new Date(String(a)).getTime() - new Date(String(b)).getTime();
  return (plain ? plainCollator : collator).compare(String(a), String(b));
}

export function sortRows<T>(rows: readonly T[], state: SortState, columns: SortColumns<T>): T[] {
  if (!state.column) return [...rows];
  const column = columns[state.column];
  if (!column) throw new UnknownSortColumn(state.column);
  const sign = state.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(column.mode, column.value(a), column.value(b), column.plain));
}
