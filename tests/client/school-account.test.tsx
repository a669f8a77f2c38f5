/**
 * 'Inloggen met je schoolaccount' on /login (issue 33): a button per provider, the server's Dutch reason
 * when it fails, and the provider's answer handed over with the XSRF token.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { defaultConfig } from '../../src/api/session/default-config';
import { finishSchoolAccount } from '../../src/data/school-account';
import { session } from '../../src/data/session';
import { NotAuthorizedPage } from '../../src/features/session/notauthorized-page';
import { SchoolAccountButtons } from '../../src/features/session/school-account-buttons';
import { AvatarMenu } from '../../src/shell/avatar-menu';
import { failure, respond, status, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  sessionStorage.clear();
  session.config = { ...defaultConfig };
});

/** The provider's address is followed with location.assign: caught here instead of leaving the test page. */
function catchAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, href: window.location.href });
  return assign;
}

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

describe('after a refusal the provider is asked to ask who is there', () => {
  const STILL = /Je schoolaccount blijft ingelogd bij de inlogdienst van je school/;

  it('a refused sign-in makes the next start carry reauth, and the alert says the account is still signed in there', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    const assign = catchAssign();
    const server = stubFetch()
      .on(api.session.schoolAccountFinish, failure(403, 'Er is nog geen docentaccount met het e-mailadres van dit schoolaccount.'))
      .on(api.session.schoolAccountStart, { url: 'https://login.example/auth?prompt=login' });
    await expect(finishSchoolAccount('entree', '?code=c&state=s')).rejects.toThrow(/nog geen docentaccount/);
    renderWithProviders(
      <SchoolAccountButtons providers={[{ id: 'entree', name: 'Entree Federatie' }]} next="/index" error="Er is nog geen docentaccount." />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(STILL);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entree Federatie' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example/auth?prompt=login'));
    expect(JSON.parse(server.calls(api.session.schoolAccountStart)[0]?.text ?? '')).toEqual({ next: '/index', reauth: true });
  });

  it("'Inloggen met een ander account' after a student's refusal says so, and the next start carries reauth", async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    stubFetch().on(
      api.session.schoolAccountFinish,
      status(403, { error: { message: 'Leerlingen kunnen niet inloggen in de Docentenomgeving.' }, reason: 'student' }),
    );
    // The return page sends her to /notauthorized.
    await expect(finishSchoolAccount('entree', '?code=c&state=s')).resolves.toEqual({ kind: 'student' });
    const first = renderWithProviders(<NotAuthorizedPage />);
    expect(screen.getByText(STILL)).toBeVisible();
    first.unmount();
    sessionStorage.clear();

    const assign = catchAssign();
    const server = stubFetch().on(api.session.schoolAccountStart, { url: 'https://login.example/auth' });
    const { unmount } = renderWithProviders(<NotAuthorizedPage />);
    expect(screen.queryByText(STILL)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Inloggen met een ander account' }));
    unmount();
    renderWithProviders(<SchoolAccountButtons providers={[{ id: 'entree', name: 'Entree Federatie' }]} next="/index" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entree Federatie' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(JSON.parse(server.calls(api.session.schoolAccountStart)[0]?.text ?? '')).toEqual({ next: '/index', reauth: true });
  });

  it('without a refusal the start carries no reauth', async () => {
    catchAssign();
    const server = stubFetch().on(api.session.schoolAccountStart, { url: 'https://login.example/auth' });
    renderWithProviders(<SchoolAccountButtons providers={[{ id: 'entree', name: 'Entree Federatie' }]} next="/index" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entree Federatie' }));
    await waitFor(() => expect(server.calls(api.session.schoolAccountStart)).toHaveLength(1));
    expect(JSON.parse(server.calls(api.session.schoolAccountStart)[0]?.text ?? '')).toEqual({ next: '/index' });
  });
});

describe("'Schoolaccount koppelen' asks for the password", () => {
  it('asks the password in a dialog, shows the Dutch refusal of a wrong one, and leaves for the provider with the right one', async () => {
    session.config = { ...defaultConfig, school_accounts: [{ id: 'entree', name: 'Entree Federatie' }] };
    const assign = catchAssign();
    let answers = 0;
    const server = stubFetch()
      .on(api.session.schoolAccounts, [{ provider: 'entree', linked: false }])
      .on(
        api.session.linkSchoolAccount,
        respond(() =>
          answers++ === 0
            ? new Response(
                JSON.stringify({ error: { message: 'Je wachtwoord klopt niet.', errors: { password: 'Je wachtwoord klopt niet.' } } }),
                {
                  status: 400,
                  headers: { 'Content-Type': 'application/json' },
                },
              )
            : new Response(JSON.stringify({ url: 'https://login.example/auth?prompt=login' }), {
                status: 200,
                headers: { 'Content-Type': 'application/json' },
              }),
        ),
      );
    const user = userEvent.setup();
    renderWithProviders(
      <AvatarMenu
        avatarSrc=""
        email="docent@demoschool.nl"
        organisationName="Het Baken"
        isStudent={false}
        profileUrl="/"
        onLogout={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Accountmenu van docent@demoschool.nl' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Schoolaccount koppelen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schoolaccount koppelen' }));
    await user.click(dialog.getByRole('button', { name: 'Koppelen' }));
    expect(dialog.getByText('Vul je wachtwoord in.')).toBeVisible();
    expect(server.calls(api.session.linkSchoolAccount)).toHaveLength(0);

    await user.type(dialog.getByLabelText(/Je wachtwoord/), 'fout-fout');
    await user.click(dialog.getByRole('button', { name: 'Koppelen' }));
    expect(await dialog.findByText('Je wachtwoord klopt niet.')).toBeVisible();
    expect(assign).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText(/Je wachtwoord/));
    await user.type(dialog.getByLabelText(/Je wachtwoord/), 'Welkom123');
    await user.click(dialog.getByRole('button', { name: 'Koppelen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example/auth?prompt=login'));
    const bodies = server.calls(api.session.linkSchoolAccount).map((c) => JSON.parse(c.text ?? '') as { password: string });
    expect(bodies.map((b) => b.password)).toEqual(['fout-fout', 'Welkom123']);
  });
});
