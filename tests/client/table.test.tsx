import { Table as MantineTable } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { Table } from '../../src/ui/table';
import { renderWithProviders } from './render';

/** Each element of the table as its tag and attributes (classes as a set): what the stylesheet sees. */
function shape(table: Element | null): string[] {
  if (!table) return [];
  return [table, ...Array.from(table.querySelectorAll('*'))].map((el) => {
    const attrs = Array.from(el.attributes)
      .map((a) => `${a.name}=${a.name === 'class' ? a.value.split(/\s+/).sort().join(' ') : a.value}`)
      .sort();
    return `${el.tagName} ${attrs.join(' ')} ${el.children.length ? '' : el.textContent}`;
  });
}

/** The same table twice: the plain one must look to the stylesheet exactly as Mantine's does. */
function markup(T: typeof Table | typeof MantineTable, spacing?: 'xs' | number, striped = true) {
  const { container } = renderWithProviders(
    <T striped={striped} verticalSpacing={spacing} aria-label="Klassen" className="eigen">
      <T.Thead>
        <T.Tr>
          <T.Th data-priority="low">Naam</T.Th>
        </T.Tr>
      </T.Thead>
      <T.Tbody>
        <T.Tr data-classroom-id={3} style={{ fontWeight: 600 }}>
          <T.Td className="cel">1A</T.Td>
        </T.Tr>
      </T.Tbody>
    </T>,
  );
  return shape(container.querySelector('table'));
}

describe("Table without Mantine's JavaScript", () => {
  it.each([
    ['xs' as const, true],
    [4, true],
    [undefined, false],
  ])("renders what Mantine's Table renders (spacing %s, striped %s)", (spacing, striped) => {
    expect(markup(Table, spacing, striped)).toEqual(markup(MantineTable, spacing, striped));
  });
});
