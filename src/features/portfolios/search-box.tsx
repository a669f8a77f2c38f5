/** The search box and 'Filters wissen' at the top of a left filter bar. */
import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { SearchField } from '../../ui/search-field';

export function SearchAndClear({
  label,
  value,
  onChange,
  onClear,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  onClear(): void;
}) {
  return (
    <>
      <SearchField label={label} value={value} onChange={onChange} />
      <Button variant="default" leftSection={<IconFilterOff size={18} aria-hidden="true" />} onClick={onClear}>
        Filters wissen
      </Button>
    </>
  );
}
