/**
 * 'Inloggen met je schoolaccount' (issue 33) in Chromium against a real OpenID Connect provider
 * (oidc-provider): through the provider's own login page back to the portal, signed in as after a
 * password sign-in; an unknown teacher reads the Dutch reason on /login, and after a refusal the
 * provider asks who is there again instead of handing over the same account.
 */
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/free-port';
import { IDP_CLIENT_ID, IDP_CLIENT_SECRET, startIdp, type TestIdp } from '../helpers/oidc-idp';
import { expectAccessible } from './fixtures';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let idp: TestIdp;

test.beforeAll(async () => {
  // The provider's address goes into the server's settings, the server's into the provider's.
  const idpPort = await freePort();
  const provider = {
    id: 'demoschool',
    name: 'Demoschool-account',
    issuer: `http://127.0.0.1:${idpPort}`,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
  };
  // Bound to Het Baken (organisation 1), where both demo teachers work.
  server = await startServer({
    OIDC_PROVIDERS: JSON.stringify([{ ...provider, claims: { role: 'eduperson_affiliation' }, organisationIds: [1] }]),
  });
  idp = await startIdp({ port: idpPort, redirectUris: [`${server.url}/login/schoolaccount/demoschool`] });
});

test.afterAll(async () => {
  await idp?.close();
  await server?.dispose();
});

async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await page.waitForURL((url) => url.port === String(idp.port) && url.pathname.startsWith('/interaction/'));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('wachtwoord');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a teacher signs in through the provider’s own login page and lands where she was going', async ({ page }) => {
  await page.goto(`${server.url}/classrooms`);
  await page.waitForURL(/\/login\?next=/);
  const section = page.getByRole('region', { name: 'Inloggen met je schoolaccount' });
  await expect(section).toBeVisible();
  // Beside the form and the spec's single sign-on portal link.
  await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inloggen via het schoolportaal' })).toBeVisible();
  await expectAccessible(page);

  await section.getByRole('button', { name: 'Demoschool-account' }).click();
  await signInAtProvider(page, 'docent@demoschool.nl');
  await page.waitForURL(`${server.url}/classrooms`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
  }));
  expect(stored.access).toBeTruthy();
  expect(stored.refresh).toBeTruthy();
  // Nothing secret stayed in the address bar or the history.
  expect(page.url()).not.toContain('code=');
});

test('the home page after a sign-in from /login is /index', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Demoschool-account' }).click();
  await signInAtProvider(page, 'collega@demoschool.nl');
  await page.waitForURL(`${server.url}/index`);
});

test('an unknown teacher reads on /login that a colleague must invite her; a student goes to /notauthorized', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Demoschool-account' }).click();
  await signInAtProvider(page, 'nieuw@demoschool.nl');
  await page.waitForURL(`${server.url}/login`);
  await expect(page.getByRole('alert')).toContainText('Vraag een collega van je school om je uit te nodigen');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The provider is still signed in as nieuw@: the page says so, and the next try makes it ask who is
  // there (prompt=login) instead of handing over nieuw@ again, as on a tablet another person picks up.
  await expect(page.getByRole('alert')).toContainText('Je schoolaccount blijft ingelogd bij de inlogdienst van je school');
  await page.getByRole('button', { name: 'Demoschool-account' }).click();
  await signInAtProvider(page, 'leerling@demoschool.nl');
  // Back on /login means the flow was refused: fail at once with the reason shown there.
  await page.waitForURL((url) => url.port === new URL(server.url).port && ['/notauthorized', '/login'].includes(url.pathname));
  if (new URL(page.url()).pathname === '/login') throw new Error(`refused: ${await page.getByRole('alert').textContent()}`);
  expect(new URL(page.url()).pathname).toBe('/notauthorized');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The teacher takes the tablet over: the provider asks again instead of handing over the student.
  await expect(page.getByText('Je schoolaccount blijft ingelogd bij de inlogdienst van je school')).toBeVisible();
  await page.getByRole('button', { name: 'Inloggen met een ander account' }).click();
  await page.waitForURL(`${server.url}/login`);
  await page.getByRole('button', { name: 'Demoschool-account' }).click();
  await signInAtProvider(page, 'collega@demoschool.nl');
  await page.waitForURL(`${server.url}/index`);
});
