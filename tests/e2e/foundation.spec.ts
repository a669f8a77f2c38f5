import { expect, expectAccessible, expectTouchTargets, signIn, test, todayInAmsterdam } from './fixtures';

test.describe('sign-in and the shell', () => {
  test('a teacher signs in and sees the dashboard shell with every tab', async ({ page, server }) => {
    await page.goto(`${server.url}/login`);
    await expect(page.getByText('docent@demoschool.nl')).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | Docentenomgeving - Maatschappijwijzer');
    const tabs = page.getByRole('navigation', { name: /tabbladen|hoofdmenu|menu/i });
    for (const name of [
      'Dashboard',
      'Klassen & leerlingen',
      'Docenten',
      'Lesmateriaal delen',
      'Modules printen',
      'Toetsen',
      "Portfolio's",
      'Verlanglijstje',
    ]) {
      // 'Verlanglijstje' goes on with its unread count once the ideas are read ('Verlanglijstje 4 ongelezen ideeën').
      const label = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\d+ .*)?$`);
      await expect(tabs.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(page.getByText('Let op: Je overschrijdt het aantal gekochte licenties.')).toBeVisible();
    await expect(page.getByText(`© ${todayInAmsterdam().getFullYear()}`)).toBeVisible();
    await expectAccessible(page);
    await expectTouchTargets(page);
  });

  test('every tab opens its page, and signing out returns to the login page', async ({ page, server }) => {
    // Seven pages, each with an axe run: over 60 s when the machine is busy.
    test.slow();
    await signIn(page, server.url, 'collega@demoschool.nl');
    await expect(page).toHaveURL(/\/index$/);
    const tabs: [string, RegExp][] = [
      ['Klassen & leerlingen', /\/classrooms$/],
      ['Docenten', /\/teachers$/],
      ['Lesmateriaal delen', /\/documents$/],
      ['Modules printen', /\/books$/],
      ['Toetsen', /\/examinations$/],
      ["Portfolio's", /\/portfolios$/],
      ['Verlanglijstje', /\/wishlist$/],
    ];
    for (const [name, url] of tabs) {
      // In the tab bar (the preheader links to the wishlist too); 'Verlanglijstje' may carry its unread count.
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
    await page.getByRole('button', { name: /Accountmenu/ }).click();
    await expect(page.getByRole('menu').getByText('collega@demoschool.nl')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL(/\/login/);
    const tokens = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    expect(tokens).toEqual([null, null]);
  });

  test('a wrong password shows the Dutch warning', async ({ page, server }) => {
    await signIn(page, server.url, 'docent@demoschool.nl', 'Verkeerd123');
    await expect(page.getByText('Inloggegevens zijn niet juist')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expectAccessible(page);
  });

  test('a student is signed out and sent to /notauthorized', async ({ page, server }) => {
    await signIn(page, server.url, 'leerling@demoschool.nl');
    await expect(page).toHaveURL(/\/notauthorized$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expectAccessible(page);
    await expectTouchTargets(page);
  });

  test('switching school reloads with the other school; the inactive one shows the banner and three tabs', async ({ page, server }) => {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: /Het Baken/ }).click();
    await page.getByRole('textbox', { name: /Zoek/i }).fill('linde');
    await page.getByText(/Scholengemeenschap De Linde/).click();
    await expect(page.getByText('Je hebt voor dit schooljaar nog geen licenties besteld.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: /Scholengemeenschap De Linde/ })).toBeVisible();
    const nav = page.getByRole('navigation', { name: /tabbladen|hoofdmenu|menu/i });
    await expect(nav.getByRole('link')).toHaveCount(3);
    await expect(nav.getByRole('link', { name: 'Verlanglijstje' })).toHaveCount(0);
    await expectAccessible(page);
    // Typing the address of a screen of the last tabs lands on the dashboard with the reason (issue 16).
    await page.goto(`${server.url}/examinations`);
    await expect(page).toHaveURL(/\/index$/);
    await expect(
      page.getByText(/Lesmateriaal, Modules printen, Toetsen, Portfolio’s en het Verlanglijstje zijn pas beschikbaar/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Toetsen' })).toHaveCount(0);
    // The licences stay open to an inactive school, from the avatar menu.
    await page.getByRole('button', { name: /Accountmenu/ }).click();
    await page.getByRole('menuitem', { name: 'Licenties' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Licenties/ })).toBeVisible();
    await expect(page.getByText('Wij zijn fan! Houd mijn account aan in de zomer.')).toBeVisible();
    // Back to the active school, so the next specs start where they expect.
    await page.getByRole('button', { name: /Scholengemeenschap De Linde/ }).click();
    await page
      .getByText(/Het Baken/)
      .last()
      .click();
    await expect(page.getByText('Let op: Je overschrijdt het aantal gekochte licenties.')).toBeVisible({ timeout: 15_000 });
  });
  test('on a return visit the licence banner and every tab are there with the page, nothing jumps in a second later', async ({
    page,
    server,
  }) => {
    await signIn(page, server.url, 'docent@demoschool.nl');
    await expect(page.getByText('Let op: Je overschrijdt het aantal gekochte licenties.')).toBeVisible();
    // At the moment the page's heading first appears, record what the shell shows above it.
    await page.addInitScript(() => {
      const seen = () => {
        if (!document.querySelector('main h1')) return false;
        (window as unknown as { firstPaint: object }).firstPaint = {
          banner: !!document.querySelector('section[aria-label="Licentiemelding"]'),
          tabs: document.querySelectorAll('nav[aria-label="Hoofdmenu"] a').length,
        };
        return true;
      };
      new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const firstPaint = await page.evaluate(() => (window as unknown as { firstPaint?: { banner: boolean; tabs: number } }).firstPaint);
    expect(firstPaint).toEqual({ banner: true, tabs: 8 });
  });
});
