/** The app as a whole with a fake server: guards, sign-in, the student refusal and the page title. */
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { fake, installFakeApi, renderApp, teacher } from './fake-app';
import { failure, partial } from './fake-server';

beforeEach(installFakeApi);
afterEach(() => vi.unstubAllGlobals());

describe('the app', () => {
  it('sends a signed-out visitor to /login, then back to the address asked for', async () => {
    const location = await renderApp('/classrooms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?next=%2Fclassrooms'));
    expect(await screen.findByText('leerling@demoschool.nl')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Inloggen | Docentenomgeving - Testwijzer'));
    const sso = screen.getByRole('link', { name: 'Inloggen via het schoolportaal' }).getAttribute('href') ?? '';
    expect(sso.startsWith('https://sso.maatschappijwijzer.example/login?redirect=')).toBe(true);

    fake.on(api.session.authenticate, { accessToken: 'a'.repeat(20), refreshToken: 'r'.repeat(20) });
    fake.on(api.session.info, teacher);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mailadres/), 'docent@demoschool.nl');
    await user.type(screen.getByLabelText(/Wachtwoord/, { selector: 'input' }), 'Welkom123');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Klassen & leerlingen' })).toBeInTheDocument();
    const auth = fake.calls(api.session.authenticate)[0];
    expect(new URLSearchParams(auth?.text)).toEqual(
      new URLSearchParams({ email: 'docent@demoschool.nl', password: btoa('Welkom123'), encoding: 'base64' }),
    );
    expect(localStorage.getItem('accessToken')).toBe('a'.repeat(20));
    expect(await screen.findByRole('link', { name: 'Verlanglijstje' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Demoschool/ })).toBeInTheDocument();
  });

  it('shows the Dutch warning for wrong credentials', async () => {
    fake.on(api.session.authenticate, failure(401, 'Unauthorized'));
    fake.on(api.session.config, partial({ system_name: 'Testwijzer', demo: false }));
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mailadres/), 'docent@demoschool.nl');
    await user.type(screen.getByLabelText(/Wachtwoord/, { selector: 'input' }), 'verkeerd1');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Inloggegevens zijn niet juist');
    expect(screen.queryByText('Demo-accounts')).not.toBeInTheDocument();
  });

  it.each([
    [
      429,
      'Te veel inlogpogingen: op dit account is een paar keer een verkeerd wachtwoord geprobeerd. Ter bescherming kun je het over 2 minuten opnieuw proberen.',
    ],
    [403, 'Je account staat op inactief bij je school. Vraag een collega van je school om je weer op actief te zetten.'],
  ])("shows the server's Dutch reason when sign-in answers %i", async (status, reason) => {
    fake.on(api.session.authenticate, failure(status, reason));
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mailadres/), 'docent@demoschool.nl');
    await user.type(screen.getByLabelText(/Wachtwoord/, { selector: 'input' }), 'Welkom123');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  });

  it('signs a student out and shows /notauthorized', async () => {
    localStorage.setItem('accessToken', 's'.repeat(20));
    localStorage.setItem('refreshToken', 't'.repeat(20));
    fake.on(api.session.info, failure(403, 'Leerlingen hebben geen toegang tot de Docentenomgeving.'));
    const location = await renderApp('/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen toegang' })).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/notauthorized'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(fake.calls(api.session.logout).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Inloggen met een ander account' })).toBeInTheDocument();
  });

  it('sends another role than ADMIN (TEACHER) to /notauthorized, signed in but without the portal', async () => {
    localStorage.setItem('accessToken', 'a'.repeat(20));
    localStorage.setItem('refreshToken', 'r'.repeat(20));
    fake.on(api.session.info, { ...teacher, role: 'TEACHER' });
    const location = await renderApp('/classrooms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen toegang' })).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/notauthorized'));
    // Part 1 §4: only a student is signed out.
    expect(localStorage.getItem('accessToken')).toBe('a'.repeat(20));
    expect(fake.calls(api.session.logout)).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
  });
});
