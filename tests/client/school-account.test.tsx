/**
 * 'Inloggen met je schoolaccount' on /login (issue 33): a button per provider, the server's Dutch reason
 * when it fails, and the provider's answer handed over with the XSRF token.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { finishSchoolAccount } from '../../src/data/school-account';
import { SchoolAccountButtons } from '../../src/features/session/school-account-buttons';
import { failure, respond, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
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

  it('shows a refusal without the region when no provider is configured (any more)', () => {
    renderWithProviders(
      <SchoolAccountButtons
        providers={[]}
        next="/index"
        error="Deze manier van inloggen met een schoolaccount bestaat niet (meer). Log in met je e-mailadres en wachtwoord."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Deze manier van inloggen met een schoolaccount bestaat niet (meer).');
    expect(screen.queryByText('Inloggen met je schoolaccount')).toBeNull();
  });
});

describe('finishSchoolAccount', () => {
  // The config answer sets the cookie, as the server's does (server/areas/session/handlers.ts).
  const configSettingCookie = respond(() => {
    document.cookie = 'XSRF-TOKEN=xsrf-nieuw; path=/';
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });

  it("in a browser that lost its XSRF cookie, gets it from the config answer before handing over the provider's answer", async () => {
    const server = stubFetch()
      .on(api.session.config, configSettingCookie)
      .on(api.session.schoolAccountFinish, { linked: true, next: '/index' });
    await expect(finishSchoolAccount('entree', '?code=c&state=s')).resolves.toEqual({ kind: 'linked', next: '/index' });
    expect(server.log.map((c) => c.id)).toEqual(['session.config', 'session.schoolAccountFinish']);
    // The server refuses a POST whose header does not echo the cookie it holds.
    expect(server.calls(api.session.schoolAccountFinish)[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-nieuw');
  });

  it('with the cookie in place, hands the answer over at once', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    const server = stubFetch()
      .on(api.session.config, configSettingCookie)
      .on(api.session.schoolAccountFinish, { linked: true, next: '/index' });
    await finishSchoolAccount('entree', '?code=c&state=s');
    expect(server.log.map((c) => c.id)).toEqual(['session.schoolAccountFinish']);
    expect(server.log[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });
});
