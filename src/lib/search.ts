/** Client-side search of part 1 §5: case-insensitive, over the whole record's text. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .map(textOf)
      .join(' ');
  return String(value);
}

export function matchesSearch(record: unknown, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return textOf(record).toLowerCase().includes(q);
}

export function searchRows<T>(rows: readonly T[], query: string, pick: (row: T) => unknown = (r) => r): T[] {
  return rows.filter((row) => matchesSearch(pick(row), query));
}
