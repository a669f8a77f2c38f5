/** src/ui/checkbox-filter.tsx: a folded filter renders its choices once unfolded, and keeps them chosen. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxFilter } from '../../src/ui/checkbox-filter';
import { renderWithProviders } from './render';

const OPTIONS = [
  { value: '1', label: '1K' },
  { value: '2', label: '2B-a' },
];

function Filter({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [value, setValue] = useState<string[]>([]);
  return <CheckboxFilter title="Klas" options={OPTIONS} value={value} onChange={setValue} initiallyOpen={initiallyOpen} />;
}

describe('CheckboxFilter', () => {
  it('folded, has no checkboxes until unfolded; a choice made then stays after folding and unfolding', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Filter initiallyOpen={false} />);
    const toggle = screen.getByRole('button', { name: 'Klas' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { hidden: true })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.click(await screen.findByRole('checkbox', { name: '2B-a' }));
    expect(screen.getByRole('button', { name: 'Klas (1)' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Klas (1)' }));
    await user.click(screen.getByRole('button', { name: 'Klas (1)' }));
    expect(screen.getByRole('checkbox', { name: '2B-a' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '1K' })).not.toBeChecked();
  });

  it('open from the start, shows its choices at once', () => {
    renderWithProviders(<Filter initiallyOpen />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });
});
