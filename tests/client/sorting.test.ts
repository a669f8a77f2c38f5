import { describe, expect, it } from 'vitest';
import { matchesSearch, searchRows } from '../../src/lib/search';
import { sortRows, toggleSort, UnknownSortColumn, type SortColumns } from '../../src/lib/sorting';

interface Row {
  n: number;
  name: string;
  date: string;
}
const rows: Row[] = [
  { n: 10, name: 'klas 2b', date: '2026-03-01T10:00:00Z' },
  { n: 9, name: 'Klas 10a', date: '2025-12-24T08:00:00Z' },
  { n: 100, name: 'Ärmel', date: '2026-01-15T12:00:00Z' },
];
const columns: SortColumns<Row> = {
  n: { mode: 'number', value: (r) => r.n },
  name: { mode: 'text', value: (r) => r.name },
  date: { mode: 'date', value: (r) => r.date },
};

describe('sorting', () => {
  it('sorts numbers as numbers, not as text', () => {
    expect(sortRows(rows, { column: 'n', direction: 'asc' }, columns).map((r) => r.n)).toEqual([9, 10, 100]);
  });
  it('sorts text case-insensitively with numbers in names in natural order', () => {
    expect(sortRows(rows, { column: 'name', direction: 'asc' }, columns).map((r) => r.name)).toEqual(['Ärmel', 'klas 2b', 'Klas 10a']);
  });
  it('sorts date strings by time and descending when asked', () => {
    expect(sortRows(rows, { column: 'date', direction: 'desc' }, columns).map((r) => r.n)).toEqual([10, 100, 9]);
  });
  it('toggling the same column flips it; another column starts ascending', () => {
    const first = toggleSort({ column: null, direction: 'asc' }, 'name');
    expect(first).toEqual({ column: 'name', direction: 'asc' });
    expect(toggleSort(first, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(toggleSort({ column: 'name', direction: 'desc' }, 'n')).toEqual({ column: 'n', direction: 'asc' });
  });
  it('refuses an unknown column with the Dutch message', () => {
    expect(() => sortRows(rows, { column: 'kleur', direction: 'asc' }, columns)).toThrow(UnknownSortColumn);
    expect(() => sortRows(rows, { column: 'kleur', direction: 'asc' }, columns)).toThrow(/Sorteer optie bestaat niet/);
  });
});

describe('search', () => {
  it('matches case-insensitively anywhere in the record, nested values included', () => {
    expect(matchesSearch({ name: '3GT', teacher: { name: 'Sanne de Vries' } }, 'de vries')).toBe(true);
    expect(matchesSearch({ code: 'K7PX2Q' }, 'k7p')).toBe(true);
    expect(searchRows(rows, 'KLAS').map((r) => r.n)).toEqual([10, 9]);
    expect(searchRows(rows, '  ')).toHaveLength(3);
  });
});
