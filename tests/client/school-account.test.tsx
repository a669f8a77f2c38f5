/** 'Inloggen met je schoolaccount' on /login (issue 33): a button per provider, and the server's Dutch reason when it fails. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { SchoolAccountButtons } from '../../src/features/session/school-account-buttons';
import { failure, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SchoolAccountButtons', () => {
  it('shows nothing without a configured provider', () => {
    renderWithProviders(<SchoolAccountButtons providers={[]} next="/index" />);
    expect(screen.queryByText('Inloggen met je schoolaccount')).toBeNull();
  });

  it('shows one button per provider with its name', () => {
    renderWithProviders(
      <SchoolAccountButtons
        providers={[
          { id: 'entree', name: 'Entree Federatie' },
          { id: 'microsoft', name: 'Microsoft-schoolaccount' },
        ]}
        next="/index"
      />,
    );
    const region = within(screen.getByRole('region', { name: 'Inloggen met je schoolaccount' }));
    expect(region.getAllByRole('button').map((b) => b.textContent)).toEqual(['Entree Federatie', 'Microsoft-schoolaccount']);
  });

  it('asks the server to start for the chosen provider with the return path, and shows its Dutch refusal', async () => {
    const server = stubFetch().on(
      api.session.schoolAccountStart,
      failure(
        424,
        'De inlogdienst van Entree Federatie reageert niet. Probeer het later opnieuw, of log in met je e-mailadres en wachtwoord.',
      ),
    );
    renderWithProviders(<SchoolAccountButtons providers={[{ id: 'entree', name: 'Entree Federatie' }]} next="/classrooms" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entree Federatie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('De inlogdienst van Entree Federatie reageert niet');
    const [call] = server.log;
    expect(call?.url.pathname).toMatch(/\/api\/oidc\/entree\/start$/);
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.text ?? '')).toEqual({ next: '/classrooms' });
  });

  it('shows the refusal the return page brought back', () => {
    renderWithProviders(
      <SchoolAccountButtons
        providers={[{ id: 'entree', name: 'Entree Federatie' }]}
        next="/index"
        error="Vraag een collega van je school om je uit te nodigen."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Vraag een collega van je school om je uit te nodigen.');
  });
});
