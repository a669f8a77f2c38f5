/**
 * A checkbox whose whole label is the touch target (at least 44×44 px, tablet-first). Mantine's own
 * label is only as tall as its text, so the checkbox sits inside a label element of our own; a
 * hidden label keeps the accessible name for checkboxes in table rows.
 */
import { Checkbox, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';

const targetStyle: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: 10, minHeight: 44, minWidth: 44, cursor: 'pointer' };

export interface TouchCheckboxProps {
  label: string;
  hideLabel?: boolean;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

export function TouchCheckbox({ label, hideLabel, checked, indeterminate, disabled, onChange }: TouchCheckboxProps) {
  return (
    <label style={{ ...targetStyle, cursor: disabled ? 'not-allowed' : 'pointer' }}>
      <Checkbox
        size="md"
        checked={checked}
        indeterminate={indeterminate}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {hideLabel ? <VisuallyHidden>{label}</VisuallyHidden> : <span>{label}</span>}
    </label>
  );
}
