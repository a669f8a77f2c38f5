/** The copy button of a class code: what lands on the clipboard and what the teacher sees and hears. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyButton } from '../../src/ui/copy-button';
import { renderWithProviders } from './render';

describe('CopyButton', () => {
  it('copies the code and says so on screen and in the live region', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyButton value="AB12CD" label="Klascode van 1B kopiëren" />);
    expect(screen.queryByText('Gekopieerd')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Klascode van 1B kopiëren' }));
    expect(await navigator.clipboard.readText()).toBe('AB12CD');
    expect(screen.getByRole('status')).toHaveTextContent('Gekopieerd');
    // The visible label beside the button; hidden from screen readers, which hear the live region.
    expect(screen.getAllByText('Gekopieerd')).toHaveLength(2);
  });
});
