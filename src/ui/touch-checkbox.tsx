/**
 * A checkbox whose whole label is the touch target (at least 44×44 px, tablet-first). Mantine's own
 * label is only as tall as its text, so the checkbox sits inside a label element of our own; a
 * hidden label keeps the accessible name for checkboxes in table rows.
 *
 * The checkbox is Mantine's Checkbox (size md) as plain elements with its class names, variables and
 * data attributes: its stylesheet draws it, its JavaScript (Checkbox, InlineInput, Input, CheckIcon and
 * their hooks, ~4 KB gz) stays out of the dashboard's first load (issue 17, docs/performance.md).
 * tests/client/touch-checkbox.test.tsx renders both and compares the markup.
 */
import { useEffect, useRef, type CSSProperties } from 'react';

const targetStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  minHeight: 44,
  minWidth: 44,
  cursor: 'pointer',
};

// What Mantine's varsResolver gives for size md, the theme's radius and the primary colour.
const rootVars = {
  '--checkbox-size': 'var(--checkbox-size-md)',
  '--checkbox-radius': 'var(--mantine-radius-sm)',
  '--checkbox-color': 'var(--mantine-color-brand-filled)',
  '--label-fz': 'var(--mantine-font-size-md)',
  '--label-lh': 'var(--label-lh-md)',
} as CSSProperties;

/** Mantine's CheckboxIcon: a tick, or a bar when indeterminate; its CSS shows it when checked. */
function Icon({ indeterminate }: { indeterminate?: boolean }) {
  return indeterminate ? (
    <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 32 6" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
      <rect width="32" height="6" fill="currentColor" rx="3" />
    </svg>
  ) : (
    <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
      <path
        d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export interface CheckboxProps {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** Mantine's <Checkbox size="md" /> without a label of its own. */
export function Checkbox({ checked, indeterminate, disabled, onChange }: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  // As Mantine does: the mixed state is a DOM property only, and its data attribute styles the box.
  useEffect(() => {
    if (!input.current) return;
    input.current.indeterminate = indeterminate ?? false;
    if (indeterminate) input.current.setAttribute('data-indeterminate', 'true');
    else input.current.removeAttribute('data-indeterminate');
  }, [indeterminate]);
  return (
    <div
      style={rootVars}
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-size="md"
      data-label-position="right"
      data-checked={checked || undefined}
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            ref={input}
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-with-error-styles="true"
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          <Icon indeterminate={indeterminate} />
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper" data-disabled={disabled || undefined} />
      </div>
    </div>
  );
}

export interface TouchCheckboxProps extends CheckboxProps {
  label: string;
  hideLabel?: boolean;
}

export function TouchCheckbox({ label, hideLabel, ...box }: TouchCheckboxProps) {
  return (
    <label style={{ ...targetStyle, cursor: box.disabled ? 'not-allowed' : 'pointer' }}>
      <Checkbox {...box} />
      {/* Mantine's VisuallyHidden by its class. */}
      {hideLabel ? <span className="m_515a97f8 mantine-VisuallyHidden-root">{label}</span> : <span>{label}</span>}
    </label>
  );
}
