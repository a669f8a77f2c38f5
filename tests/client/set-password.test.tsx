/** The set-password screen of an invitation link, against a fake server. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { Invitation } from '../../src/api/session/types';
import { SetPasswordPage } from '../../src/features/session/set-password-page';
import { type FakeServer, stubFetch } from './fake-server';
import { renderWithProviders } from './render';

const TOKEN = 'uitnodiging-0123456789abcdef';
let server: FakeServer;
const invitation: Invitation = {
  email: 'nieuw@demoschool.nl',
  organisationName: 'Het Baken',
  expiresAt: '2026-12-01T00:00:00.000Z',
  hasName: true,
};

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
  server = stubFetch()
    .on(api.session.invitation, invitation)
    .on(api.session.acceptInvitation, { message: 'Je wachtwoord is ingesteld. Je kunt nu inloggen.', email: 'nieuw@demoschool.nl' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('SetPasswordPage', () => {
  it('says who is invited, and sets the password through the invitation link', async () => {
    renderWithProviders(<SetPasswordPage />, { path: `/wachtwoord-instellen?token=${TOKEN}` });
    expect(await screen.findByText('Het Baken')).toBeInTheDocument();
    expect(server.log[0]?.method).toBe('GET');
    expect(server.log[0]?.url.pathname).toBe(`/api/invitations/${TOKEN}`);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'zomer-2026!');
    await user.type(screen.getByLabelText(/^Herhaal/), 'zomer-2026!');
    await user.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));

    expect(await screen.findByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeInTheDocument();
    const post = server.calls(api.session.acceptInvitation)[0];
    expect(post?.url.pathname).toBe(`/api/invitations/${TOKEN}`);
    // The server refuses a browser's POST without the cookie's XSRF token in the header.
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    // As the sign-in sends it: base64 of the UTF-8 bytes, never the plain text.
    expect(JSON.parse(post?.text ?? '{}')).toEqual({ password: btoa('zomer-2026!'), encoding: 'base64' });
  });

  it('asks the name of an account that has none, and sends it with the password (issue 28.19)', async () => {
    server.on(api.session.invitation, { ...invitation, hasName: false });
    renderWithProviders(<SetPasswordPage />, { path: `/wachtwoord-instellen?token=${TOKEN}` });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Je naam/);
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'zomer-2026!');
    await user.type(screen.getByLabelText(/^Herhaal/), 'zomer-2026!');
    await user.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(await screen.findByText('Vul je naam in.')).toBeInTheDocument();
    expect(server.log.some((r) => r.method === 'POST')).toBe(false);

    await user.type(name, 'Noor de Wit');
    await user.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(await screen.findByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeInTheDocument();
    expect(JSON.parse(server.calls(api.session.acceptInvitation)[0]?.text ?? '{}')).toEqual({
      password: btoa('zomer-2026!'),
      encoding: 'base64',
      name: 'Noor de Wit',
    });
  });
});
