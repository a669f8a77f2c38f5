/** The search box of every list (part 2 §2 "Search"): a labelled search input with the magnifier. */
import type { CSSProperties } from 'react';
import { TextInput, type MantineSize } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  size?: MantineSize;
  maw?: number;
  style?: CSSProperties;
}

export function SearchField({ label, value, onChange, ...layout }: SearchFieldProps) {
  return (
    <TextInput
      label={label}
      type="search"
      leftSection={<IconSearch size={18} aria-hidden="true" />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...layout}
    />
  );
}
