/**
 * The offline core, proven on the wishlist with the real service worker: work with the server gone,
 * close and reopen the app, and every change arrives exactly once when it is back.
 */
import type { Page } from '@playwright/test';
import type { UserVotes, WishlistItem } from '../../src/api/types';
import { apiGet, apiPost, tokenFor } from './api';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { startServer, type RunningServer } from './server';

const cards = (page: Page) => page.getByTestId('wishlist-card');
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Signs in, opens the wishlist twice so the worker controls the page and the reads are stored. */
async function openWishlist(page: Page, server: RunningServer, email = 'collega@demoschool.nl') {
  await signIn(page, server.url, email);
  await expect(page).toHaveURL(/\/index$/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${server.url}/wishlist`);
  await expect(cards(page).first()).toBeVisible();
}

async function openIdeas(server: RunningServer, email: string) {
  const token = await tokenFor(server.url, email);
  const items = await apiGet<WishlistItem[]>(server.url, 'wishlistItems', token);
  return { token, items: items.filter((i) => i.active === 1) };
}

test('offline: votes and a comment survive closing the app and arrive exactly once', async ({ page, context }) => {
  const server = await startServer();
  try {
    const { token, items } = await openIdeas(server, 'collega@demoschool.nl');
    const before = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
    // Three ideas collega has not voted up yet.
    const targets = items.filter((i) => !before.up.includes(i.id)).slice(0, 3);
    expect(targets).toHaveLength(3);
    const commentsBefore = items.find((i) => i.id === targets[0]!.id)!.commentCount;

    await openWishlist(page, server);
    await server.stop();
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByTestId('stale-notice')).toBeVisible();

    for (const idea of targets) {
      await card(page, idea.title).getByRole('button', { name: /^Stem voor/ }).click();
      await expect(card(page, idea.title).getByRole('button', { name: /^Stem voor/ })).toHaveAttribute('aria-pressed', 'true');
    }
    const first = card(page, targets[0]!.title);
    await first.getByRole('button', { name: /^Reageer \(/ }).click();
    await first.getByLabel('Jouw reactie').fill('Offline getypt in lokaal 12');
    await first.getByRole('button', { name: 'Reageer', exact: true }).click();
    await expect(first.getByRole('listitem').filter({ hasText: 'Offline getypt in lokaal 12' })).toBeVisible();
    await expect(first.getByLabel('Jouw reactie')).toHaveValue('');
    await expect(page.getByTestId('sync-status')).toContainText(/wachten|Offline/);

    // Close the app and open it again, still without a server.
    await page.close();
    const again = await context.newPage();
    await again.goto(`${server.url}/wishlist`);
    await card(again, targets[0]!.title).getByRole('button', { name: /^Reageer \(/ }).click();
    await expect(card(again, targets[0]!.title).getByRole('listitem').filter({ hasText: 'Offline getypt in lokaal 12' })).toBeVisible();
    await expectAccessible(again);

    await server.start();
    await expect(again.getByTestId('sync-status')).toHaveText('Online', { timeout: 10_000 });

    const after = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
    for (const idea of targets) expect(after.up).toContain(idea.id);
    const now = await apiGet<WishlistItem[]>(server.url, 'wishlistItems', token);
    const commented = now.find((i) => i.id === targets[0]!.id)!;
    expect(commented.commentCount).toBe(commentsBefore + 1);
    expect(commented.comments.filter((c) => c.comment === 'Offline getypt in lokaal 12')).toHaveLength(1);
  } finally {
    await server.dispose();
  }
});

test.describe('without a service worker', () => {
  // The page's own replayer plays this one: a worker's Background Sync would send the comment past
  // page.route, and the lost answer could not be staged.
  test.use({ serviceWorkers: 'block' });

  test('an answer lost after the server committed does not duplicate the comment', async ({ page }) => {
    const server = await startServer();
    try {
      const { token, items } = await openIdeas(server, 'collega@demoschool.nl');
      const idea = items[0]!;
      // Not openWishlist: with the worker blocked, serviceWorker.ready never settles.
      await signIn(page, server.url, 'collega@demoschool.nl');
      await expect(page).toHaveURL(/\/index$/);
      await page.goto(`${server.url}/wishlist`);
      await expect(cards(page).first()).toBeVisible();
      let dropped = 0;
      // The request reaches the server and commits; the answer never comes back (Wi-Fi drops).
      await page.route('**/api/wishlistComments/save', async (route) => {
        if (dropped === 0) {
          try {
            await route.fetch();
          } catch {
            // The test's own relay failed (not the app): let the app's retry play the scenario.
            await route.abort('connectionreset');
            return;
          }
          dropped += 1;
          await route.abort('connectionreset');
          return;
        }
        await route.continue();
      });
      const box = card(page, idea.title);
      await box.getByRole('button', { name: /^Reageer \(/ }).click();
      await box.getByLabel('Jouw reactie').fill('Eén keer, ook al viel de wifi weg');
      await box.getByRole('button', { name: 'Reageer', exact: true }).click();
      // First the loss happens, then the resend with the same key is answered: only then is all sent.
      await expect.poll(() => dropped, { timeout: 15_000 }).toBe(1);
      await expect(page.getByTestId('sync-status')).toHaveText('Online', { timeout: 15_000 });
      const now = await apiGet<WishlistItem[]>(server.url, 'wishlistItems', token);
      expect(now.find((i) => i.id === idea.id)!.comments.filter((c) => c.comment === 'Eén keer, ook al viel de wifi weg')).toHaveLength(1);
    } finally {
      await server.dispose();
    }
  });
});

test('a refused change shows under "Niet verzonden" with the reason and can be discarded', async ({ page }) => {
  const server = await startServer();
  try {
    const { items } = await openIdeas(server, 'collega@demoschool.nl');
    const docentToken = await tokenFor(server.url, 'docent@demoschool.nl');
    const docentItems = await apiGet<WishlistItem[]>(server.url, 'wishlistItems', docentToken);
    const own = docentItems.find((i) => i.canEdit && i.active === 1)!;
    expect(items.some((i) => i.id === own.id)).toBe(true);
    await openWishlist(page, server);
    // The tablet cannot reach the server for votes for a while; meanwhile the author marks it done.
    // On the context, not the page: the worker's Background Sync also sends, and page.route misses it.
    await page.context().route('**/api/wishlistItems/voteDown/**', (route) => route.abort('internetdisconnected'));
    await card(page, own.title).getByRole('button', { name: /^Stem tegen/ }).click();
    await expect(page.getByTestId('sync-status')).toContainText('1 wachten');
    await apiPost(server.url, 'wishlistItems/save', docentToken, { id: own.id, title: own.title, description: own.description, active: 0 });
    await page.context().unroute('**/api/wishlistItems/voteDown/**');
    await page.getByTestId('sync-status').click();
    const unsent = page.getByRole('button', { name: /Niet verzonden \(1\)/ });
    await expect(unsent).toBeVisible({ timeout: 15_000 });
    await unsent.click();
    const dialog = page.getByRole('dialog', { name: 'Niet verzonden' });
    await expect(dialog.getByText(/niet meer stemmen/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(dialog.getByTestId('unsent-entry')).toHaveCount(0);
  } finally {
    await server.dispose();
  }
});

test('a change queued past the access token lifetime still arrives', async ({ page }) => {
  const server = await startServer({ ACCESS_TOKEN_TTL: '3' });
  try {
    const { token, items } = await openIdeas(server, 'collega@demoschool.nl');
    const before = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
    const idea = items.find((i) => !before.down.includes(i.id))!;
    await openWishlist(page, server);
    await server.stop();
    await card(page, idea.title).getByRole('button', { name: /^Stem tegen/ }).click();
    await page.waitForTimeout(4000);
    await server.start();
    await expect(page.getByTestId('sync-status')).toHaveText('Online', { timeout: 15_000 });
    const fresh = await tokenFor(server.url, 'collega@demoschool.nl');
    const after = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', fresh);
    expect(after.down).toContain(idea.id);
  } finally {
    await server.dispose();
  }
});

test('an expired access token is renewed on the next screen; the teacher stays signed in and her next vote arrives', async ({ page }) => {
  const server = await startServer({ ACCESS_TOKEN_TTL: '3' });
  try {
    const { items } = await openIdeas(server, 'collega@demoschool.nl');
    await openWishlist(page, server);
    const tokens = () => page.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));
    const before = await tokens();
    await page.waitForTimeout(4000);
    await page.getByRole('link', { name: 'Klassen & leerlingen', exact: true }).click();
    await expect(page.getByRole('table').first()).toBeVisible();
    // The screen may show its cached rows first; the refresh follows with the network read.
    await expect.poll(async () => (await tokens()).refresh, { timeout: 15_000 }).not.toBe(before.refresh);
    await expect(page.getByText(/Je sessie is verlopen/)).toHaveCount(0);
    // The replayer uses the same, renewed pair: a vote now is delivered without signing in again.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /^Verlanglijstje/ }).click();
    const votes = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', await tokenFor(server.url, 'collega@demoschool.nl'));
    const idea = items.find((i) => !votes.down.includes(i.id))!;
    await card(page, idea.title).getByRole('button', { name: /^Stem tegen/ }).click();
    await expect(page.getByTestId('sync-status')).toHaveText('Online', { timeout: 15_000 });
    const fresh = await tokenFor(server.url, 'collega@demoschool.nl');
    expect((await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', fresh)).down).toContain(idea.id);
    await expect(page.getByText(/Je sessie is verlopen/)).toHaveCount(0);
  } finally {
    await server.dispose();
  }
});
