/** The notifications and modals host loads only when first needed, and then shows what was asked for. */
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAction } from '../../src/ui/confirm';
import { Overlays } from '../../src/ui/overlays';
import { renderWithProviders } from './render';

describe('Overlays on demand', () => {
  it('mounts nothing until asked, then opens a confirmation asked for before it was there', async () => {
    renderWithProviders(<Overlays />);
    // Not even once the page is idle (the host used to load then): nothing asked for it.
    await new Promise((r) => setTimeout(r, 1200));
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    const answer = confirmAction({ message: 'Weet je het zeker?' });
    const dialog = await screen.findByRole('dialog', { name: 'Verwijderen' });
    expect(dialog).toHaveTextContent('Weet je het zeker?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(await answer).toBe(false);
  });

  it('shows a notification that was shown before the host loaded', async () => {
    notifications.show({ message: 'Opgeslagen in de wachtrij' });
    renderWithProviders(<Overlays />);
    expect(await screen.findByText('Opgeslagen in de wachtrij')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
