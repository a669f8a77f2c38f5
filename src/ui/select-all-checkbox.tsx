/** The box in a table's header that selects every shown row (a class's students, the year change's students). */
import { TouchCheckbox } from './touch-checkbox';

/** Checked when every shown row is selected, mixed when some are. */
export function selectAllState(shown: readonly number[], selected: ReadonlySet<number>): { checked: boolean; indeterminate: boolean } {
  const count = shown.filter((id) => selected.has(id)).length;
  return { checked: shown.length > 0 && count === shown.length, indeterminate: count > 0 && count < shown.length };
}

interface SelectAllCheckboxProps {
  /** The hidden label: what 'all' is ('Alle leerlingen selecteren'). */
  label: string;
  shown: readonly number[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
}

export function SelectAllCheckbox({ label, shown, selected, onSelect }: SelectAllCheckboxProps) {
  return <TouchCheckbox label={label} hideLabel {...selectAllState(shown, selected)} onChange={(on) => onSelect(shown, on)} />;
}
