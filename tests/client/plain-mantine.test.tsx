/**
 * The plain stand-ins for Mantine's Checkbox, NativeSelect, Card, Stack, Title, ActionIcon, Badge and
 * VisuallyHidden (issue 17) must look
 * to Mantine's stylesheet exactly as Mantine's own components do, and behave the same for a user.
 */
import {
  ActionIcon as MActionIcon,
  Avatar as MAvatar,
  Badge as MBadge,
  Card as MCard,
  Checkbox as MCheckbox,
  NativeSelect as MNativeSelect,
  Stack as MStack,
  Title as MTitle,
  VisuallyHidden as MVisuallyHidden,
} from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NativeSelect } from '../../src/ui/native-select';
import { ActionIcon, Avatar, Badge, Card, Stack, Title, VisuallyHidden } from '../../src/ui/plain';
import { Checkbox, TouchCheckbox } from '../../src/ui/touch-checkbox';
import { renderWithProviders } from './render';

/** Each element as its tag and attributes (classes as a set, generated ids as their order): what the stylesheet sees. */
function shape(ui: ReactElement): string[] {
  const { container } = renderWithProviders(<div data-root="">{ui}</div>);
  const root = container.querySelector('[data-root]');
  if (!root) return [];
  const ids: string[] = [];
  const idOf = (value: string) => {
    const base = value.replace(/-label$/, '');
    if (!ids.includes(base)) ids.push(base);
    return `id${ids.indexOf(base)}${value.endsWith('-label') ? '-label' : ''}`;
  };
  return Array.from(root.querySelectorAll('*')).map((el) => {
    const attrs = Array.from(el.attributes)
      .map((a) => {
        if (a.name === 'class') return `class=${a.value.split(/\s+/).sort().join(' ')}`;
        if (a.name === 'id' || a.name === 'for') return `${a.name}=${idOf(a.value)}`;
        if (a.name === 'style')
          return `style=${a.value
            .split(';')
            .map((d) => d.trim())
            .filter(Boolean)
            .sort()
            .join(';')}`;
        return `${a.name}=${a.value}`;
      })
      .sort();
    return `${el.tagName} ${attrs.join(' ')} ${el.children.length ? '' : el.textContent}`;
  });
}

const noop = () => {};

describe("Checkbox without Mantine's JavaScript", () => {
  it.each([
    ['checked', { checked: true }],
    ['unchecked', { checked: false }],
    ['indeterminate', { checked: false, indeterminate: true }],
    ['disabled', { checked: false, disabled: true }],
  ])("renders what Mantine's Checkbox size md renders (%s)", (_, props) => {
    // Mantine gives its input an id for its own label; ours sits in a wrapping label and needs none.
    const withoutId = (lines: string[]) => lines.map((l) => l.replace(/ id=id\d+/, ''));
    expect(shape(<Checkbox {...props} onChange={noop} />)).toEqual(withoutId(shape(<MCheckbox size="md" {...props} onChange={noop} />)));
  });

  it('is named by its label, toggles on a tap of the label and reports the new state', () => {
    const onChange = vi.fn();
    renderWithProviders(<TouchCheckbox label="Afgehandeld: Anna" hideLabel checked={false} onChange={onChange} />);
    fireEvent.click(screen.getByText('Afgehandeld: Anna'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Afgehandeld: Anna' })).not.toBeChecked();
  });

  it('is mixed when indeterminate, as Mantine sets it', () => {
    renderWithProviders(<TouchCheckbox label="Alle leerlingen selecteren" hideLabel checked={false} indeterminate onChange={noop} />);
    expect(screen.getByRole('checkbox', { name: 'Alle leerlingen selecteren' })).toHaveProperty('indeterminate', true);
  });
});

describe("NativeSelect without Mantine's JavaScript", () => {
  const data = [
    { value: '', label: 'Kies een klas', disabled: true },
    { value: '1', label: '1A' },
  ];

  it("renders what Mantine's NativeSelect renders", () => {
    const style = { flex: '1 1 200px', maxWidth: 320 };
    expect(shape(<NativeSelect label="Klas" data={data} value="" onChange={noop} style={style} />)).toEqual(
      shape(<MNativeSelect label="Klas" data={data} value="" onChange={noop} style={style} />),
    );
  });

  it('is named by its label and reports the chosen option', () => {
    const onChange = vi.fn((e: { currentTarget: HTMLSelectElement }) => e.currentTarget.value);
    renderWithProviders(<NativeSelect label="Klas" data={data} value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Klas' }), { target: { value: '1' } });
    expect(onChange).toHaveReturnedWith('1');
  });
});

describe("Card, Stack and Title without Mantine's JavaScript", () => {
  it("render what Mantine's render", () => {
    const plain = (
      <Card aria-labelledby="t">
        <Stack gap="xs">
          <Title order={2} size="h3" id="t">
            Mijn school
          </Title>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            <li>1A</li>
          </Stack>
        </Stack>
        <Title order={1}>Dashboard</Title>
      </Card>
    );
    const mantine = (
      <MCard withBorder padding="lg" component="section" aria-labelledby="t">
        <MStack gap="xs">
          <MTitle order={2} size="h3" id="t">
            Mijn school
          </MTitle>
          <MStack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            <li>1A</li>
          </MStack>
        </MStack>
        <MTitle order={1}>Dashboard</MTitle>
      </MCard>
    );
    expect(shape(plain)).toEqual(shape(mantine));
  });
});

describe("ActionIcon, Badge, VisuallyHidden and Avatar without Mantine's JavaScript", () => {
  it.each([
    ['primary', false],
    ['primary', true],
    ['gray.8', false],
  ] as const)("ActionIcon renders what Mantine's subtle size 44 renders (%s, disabled %s)", (color, disabled) => {
    expect(
      shape(
        <ActionIcon color={color} disabled={disabled} aria-label="Kopiëren" aria-haspopup="dialog">
          i
        </ActionIcon>,
      ),
    ).toEqual(
      shape(
        <MActionIcon
          variant="subtle"
          size={44}
          color={color === 'primary' ? undefined : color}
          disabled={disabled}
          aria-label="Kopiëren"
          aria-haspopup="dialog"
        >
          i
        </MActionIcon>,
      ),
    );
  });

  it('ActionIcon takes a click and a ref', () => {
    const onClick = vi.fn();
    let ref: HTMLButtonElement | null = null;
    renderWithProviders(
      <ActionIcon
        aria-label="Uitleg"
        onClick={onClick}
        ref={(el) => {
          ref = el;
        }}
      >
        i
      </ActionIcon>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Uitleg' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(ref).toBe(screen.getByRole('button', { name: 'Uitleg' }));
  });

  it("Badge renders what Mantine's red badges render", () => {
    const style = { marginRight: -14, transform: 'translateY(-9px)' };
    expect(
      shape(
        <Badge small circle style={{ ...style, marginLeft: 'calc(0.125rem * var(--mantine-scale))' }} data-testid="x">
          4
        </Badge>,
      ),
    ).toEqual(
      shape(
        <MBadge component="span" size="xs" circle color="red.8" ml={2} style={style} data-testid="x">
          4
        </MBadge>,
      ),
    );
    expect(shape(<Badge aria-label="2 niet verzonden">2</Badge>)).toEqual(
      shape(
        <MBadge component="span" color="red" aria-label="2 niet verzonden">
          2
        </MBadge>,
      ),
    );
  });

  it("Avatar renders what Mantine's renders for a picture", () => {
    expect(shape(<Avatar src="/avatars/avatar-2.svg" />)).toEqual(
      shape(<MAvatar src="/avatars/avatar-2.svg" alt="" size={44} radius="xl" />),
    );
  });

  it("VisuallyHidden renders what Mantine's renders", () => {
    expect(shape(<VisuallyHidden role="status">Gekopieerd</VisuallyHidden>)).toEqual(
      shape(<MVisuallyHidden role="status">Gekopieerd</MVisuallyHidden>),
    );
  });
});
