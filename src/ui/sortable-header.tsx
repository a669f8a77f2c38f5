/** A table header cell that sorts its column; the arrow says which way, aria-sort tells screen readers. */
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { SortState } from '../lib/sorting';

export function SortableHeader({ column, label, sort, onSort }: { column: string; label: string; sort: SortState; onSort: (column: string) => void }) {
  const active = sort.column === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44, minWidth: 44, fontWeight: 700 }}>
        {label}
        <Icon size={16} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
}
