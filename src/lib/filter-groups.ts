/** Part 2 §4: a filter group with every option ticked filters nothing, so it is sent as none. */
export function activeFilter<T>(selected: readonly T[], all: readonly T[]): T[] {
  if (selected.length === 0) return [];
  return all.length > 0 && all.every((v) => selected.includes(v)) ? [] : [...selected];
}
