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
  /** 'low': the column gives way on a narrow screen (see .fit-table in global.css). */
  priority?: 'low';
}

export function SortableHeader({ column, label, sort, onSort, priority }: SortableHeaderProps) {
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} data-priority={priority}>
      <UnstyledButton onClick={() => onSort(column)} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44, minWidth: 44, fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)' }}>
        {label}
        <Icon size={16} aria-hidden="true" style={{ flex: 'none' }} />
      </UnstyledButton>
    </Table.Th>
  );
}
