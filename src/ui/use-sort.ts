import { useMemo, useState } from 'react';
import { sortRows, toggleSort, UNKNOWN_SORT, UnknownSortColumn, type SortColumns, type SortState } from '../lib/sorting';

/** Sort state for a table; an unknown column shows the spec's alert instead of breaking the page. */
export function useSort<T>(
  rows: readonly T[] | undefined,
  columns: SortColumns<T>,
  initial: SortState = { column: null, direction: 'asc' },
) {
  const [sort, setSort] = useState<SortState>(initial);
  const sorted = useMemo(() => {
    try {
      return sortRows(rows ?? [], sort, columns);
    } catch (err) {
      if (err instanceof UnknownSortColumn) window.alert(UNKNOWN_SORT);
      return [...(rows ?? [])];
    }
    // columns is a constant per table
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, sort]);
  return { sorted, sort, onSort: (column: string) => setSort((s) => toggleSort(s, column)) };
}
