/** src/app/routes.tsx's pages load as state (src/ui/use-loaded.ts): a page whose code does not arrive says so. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page } from '../../src/app/routes';
import { renderWithProviders } from './render';

describe('a lazily loaded page', () => {
  it('shows the loader, then the page', async () => {
    const { Page } = page(async () => ({ Klassen: () => <h1>Klassen</h1> }), 'Klassen');
    renderWithProviders(<Page params={{}} />);
    expect(screen.getByRole('status', { name: 'Pagina laden' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Klassen' })).toBeInTheDocument();
  });

  it('whose code cannot be fetched says so in Dutch, and loads when tried again', async () => {
    const user = userEvent.setup();
    let online = false;
    const { Page } = page(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { Klassen: () => <h1>Klassen</h1> };
    }, 'Klassen');
    renderWithProviders(<Page params={{}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze pagina kon niet worden geladen. Controleer de verbinding en probeer het opnieuw.',
    );
    online = true;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: 'Klassen' })).toBeInTheDocument();
  });
});
