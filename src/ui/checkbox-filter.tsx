/**
 * A collapsible group of checkboxes for the left filter bars of the portfolio views (part 2 §2).
 * The toggle is a real button with aria-expanded, so it works by touch and keyboard alike.
 */
import { useId, useState } from 'react';
import { Checkbox, Collapse, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A checkbox inside its own 44 px label: the whole row is the touch target, not the 24 px box
 * (Mantine's own label sits beside the input, not around it).
 */
export function CheckboxRow({ value, label }: { value: string; label: string }) {
  return (
    <label style={{ display: 'flex', alignItems: 'center', gap: 10, minHeight: 44, cursor: 'pointer' }}>
      <Checkbox value={value} size="md" />
      <span>{label}</span>
    </label>
  );
}

/** Below a landscape tablet's width the filters sit above the list: folded, so the list starts in view. */
const startsFolded = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 62em)').matches;

export function CheckboxFilter({
  title,
  options,
  value,
  onChange,
  initiallyOpen,
}: {
  title: string;
  options: readonly FilterOption[];
  value: string[];
  onChange(value: string[]): void;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(() => initiallyOpen ?? !startsFolded());
  // Folded, the choices are not rendered until first unfolded: on a portrait tablet the four filters'
  // checkboxes were most of the portfolio page's first commit, for nothing on screen.
  const [unfolded, setUnfolded] = useState(open);
  if (open && !unfolded) setUnfolded(true);
  const id = useId();
  const Icon = open ? IconChevronDown : IconChevronRight;
  const chosen = value.filter((v) => options.some((o) => o.value === v)).length;
  return (
    <Stack gap={4}>
      <UnstyledButton
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        style={{ display: 'flex', alignItems: 'center', gap: 6, minHeight: 44, fontWeight: 700 }}
      >
        <Icon size={18} aria-hidden="true" />
        {title}
        {chosen > 0 ? ` (${chosen})` : ''}
      </UnstyledButton>
      <Collapse expanded={open} id={id}>
        {unfolded && (
          <Checkbox.Group value={value} onChange={onChange} aria-label={title}>
            <Stack gap={0}>
              {options.length === 0 && <span style={{ minHeight: 44, display: 'flex', alignItems: 'center' }}>Geen keuzes</span>}
              {options.map((o) => (
                <CheckboxRow key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </Collapse>
    </Stack>
  );
}
