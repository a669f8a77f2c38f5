/** A table header cell that sorts its column; the arrow says which way, aria-sort tells screen readers. */
import { UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { SortState } from '../lib/sorting';
import { Table } from './table';

export interface SortableHeaderProps {
  column: string;
  label: string;
  sort: SortState;
  onSort: (column: string) => void;
  /** The column folds under another on a portrait tablet (DataTable's foldUnder). */
  folded?: boolean;
}

export function SortableHeader({ column, label, sort, onSort, folded }: SortableHeaderProps) {
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} data-folded={folded || undefined}>
      <UnstyledButton onClick={() => onSort(column)} className="sort-button">
        {label}
        <Icon size={16} aria-hidden="true" style={{ flex: 'none' }} />
      </UnstyledButton>
    </Table.Th>
  );
}
