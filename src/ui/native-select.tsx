/**
 * Mantine's NativeSelect (size md, the theme's default) as plain elements with its class names,
 * variables and data attributes, for a label, options and a change handler: its stylesheet (Input.css,
 * Combobox.css for the chevron) draws it, its JavaScript (NativeSelect, InputBase, Input, the
 * ComboboxChevron, ~5.5 KB gz with their hooks) stays out of the dashboard's first load (issue 17,
 * docs/performance.md). tests/client/native-select.test.tsx renders both and compares the markup.
 */
import { useId, type ChangeEvent, type CSSProperties } from 'react';

interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface NativeSelectProps {
  label: string;
  data: readonly SelectOption[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  style?: CSSProperties;
}

const wrapperVars = {
  '--input-height': 'var(--input-height-md)',
  '--input-fz': 'var(--mantine-font-size-md)',
  '--input-right-section-pointer-events': 'none',
} as CSSProperties;

/** Mantine's ComboboxChevron (size md): the up-and-down arrows a select shows on its right. */
function Chevron() {
  return (
    <svg
      style={{ '--combobox-chevron-size': 'var(--combobox-chevron-size-md)' } as CSSProperties}
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size="md"
      data-combobox-chevron="true"
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function NativeSelect({ label, data, value, onChange, style }: NativeSelectProps) {
  const id = useId();
  return (
    <div style={style} className="m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root" data-size="md">
      <label
        style={{ '--input-label-size': 'var(--mantine-font-size-md)' } as CSSProperties}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-NativeSelect-label"
        data-size="md"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      <div
        style={wrapperVars}
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-size="md"
        data-pointer="true"
        data-with-right-section="true"
      >
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          id={id}
          value={value}
          onChange={onChange}
        >
          {data.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
          <Chevron />
        </div>
      </div>
    </div>
  );
}
