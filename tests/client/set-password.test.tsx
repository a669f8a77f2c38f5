/** The set-password screen of an invitation link, against a fake server. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SetPasswordPage } from '../../src/features/session/set-password-page';
import { renderWithProviders } from './render';

const TOKEN = 'uitnodiging-0123456789abcdef';
let requests: { method: string; path: string; body: string; xsrf: string | null }[];
let hasName = true;

beforeEach(() => {
  requests = [];
  hasName = true;
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const path = new URL(request.url).pathname;
      requests.push({ method: request.method, path, body: request.method === 'GET' ? '' : await request.clone().text(), xsrf: request.headers.get('X-XSRF-TOKEN') });
      const body =
        request.method === 'GET'
          ? { email: 'nieuw@demoschool.nl', organisationName: 'Het Baken', expiresAt: '2026-12-01T00:00:00.000Z', hasName }
          : { message: 'Je wachtwoord is ingesteld. Je kunt nu inloggen.', email: 'nieuw@demoschool.nl' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('SetPasswordPage', () => {
  it('says who is invited, and sets the password through the invitation link', async () => {
    renderWithProviders(<SetPasswordPage />, { path: `/wachtwoord-instellen?token=${TOKEN}` });
    expect(await screen.findByText('Het Baken')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/api/invitations/${TOKEN}` });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'zomer-2026!');
    await user.type(screen.getByLabelText(/^Herhaal/), 'zomer-2026!');
    await user.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));

    expect(await screen.findByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`/api/invitations/${TOKEN}`);
    // The server refuses a browser's POST without the cookie's XSRF token in the header.
    expect(post?.xsrf).toBe('xsrf-1');
    // As the sign-in sends it: base64 of the UTF-8 bytes, never the plain text.
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ password: btoa('zomer-2026!'), encoding: 'base64' });
  });

  it('asks the name of an account that has none, and sends it with the password (issue 28.19)', async () => {
    hasName = false;
    renderWithProviders(<SetPasswordPage />, { path: `/wachtwoord-instellen?token=${TOKEN}` });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Je naam/);
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'zomer-2026!');
    await user.type(screen.getByLabelText(/^Herhaal/), 'zomer-2026!');
    await user.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(await screen.findByText('Vul je naam in.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(name, 'Noor de Wit');
    await user.click(screen.getByRole('button', { name: /wachtwoord instellen/i }));
    expect(await screen.findByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeInTheDocument();
    expect(JSON.parse(requests.find((r) => r.method === 'POST')?.body ?? '{}')).toEqual({ password: btoa('zomer-2026!'), encoding: 'base64', name: 'Noor de Wit' });
  });
});
