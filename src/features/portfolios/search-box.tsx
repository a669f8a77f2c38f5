/** The search box and 'Filters wissen' at the top of a left filter bar. */
import { Button, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';

export function SearchAndClear({ label, value, onChange, onClear }: { label: string; value: string; onChange(v: string): void; onClear(): void }) {
  return (
    <>
      <TextInput
        label={label}
        type="search"
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Button variant="default" leftSection={<IconFilterOff size={18} aria-hidden="true" />} onClick={onClear}>
        Filters wissen
      </Button>
    </>
  );
}
