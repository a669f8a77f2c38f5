/**
 * The offline core on the wishlist, Chromium only: an answer lost after the server committed, and
 * changes queued past the access token's lifetime. Working offline, closing and reopening the app and
 * refused changes are in the cross-engine lane (tests/engines/offline-changes.spec.ts).
 */
import type { Page } from '@playwright/test';
import type { UserVotes, WishlistItem } from '../../src/api/wishlist/types';
import { apiGet, tokenFor } from './api';
import { expect, signIn, test } from './fixtures';
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

test('a change queued past the access token lifetime still arrives', async ({ page }) => {
  const server = await startServer({ ACCESS_TOKEN_TTL: '3' });
  try {
    const { token, items } = await openIdeas(server, 'collega@demoschool.nl');
    const before = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
    const idea = items.find((i) => !before.down.includes(i.id))!;
    await openWishlist(page, server);
    await server.stop();
    await card(page, idea.title)
      .getByRole('button', { name: /^Stem tegen/ })
      .click();
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
    const tokens = () =>
      page.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));
    const before = await tokens();
    await page.waitForTimeout(4000);
    await page.getByRole('link', { name: 'Klassen & leerlingen', exact: true }).click();
    await expect(page.getByRole('table').first()).toBeVisible();
    // The screen may show its cached rows first; the refresh follows with the network read.
    await expect.poll(async () => (await tokens()).refresh, { timeout: 15_000 }).not.toBe(before.refresh);
    await expect(page.getByText(/Je sessie is verlopen/)).toHaveCount(0);
    // The replayer uses the same, renewed pair: a vote now is delivered without signing in again.
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: /^Verlanglijstje/ })
      .click();
    const votes = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', await tokenFor(server.url, 'collega@demoschool.nl'));
    const idea = items.find((i) => !votes.down.includes(i.id))!;
    await card(page, idea.title)
      .getByRole('button', { name: /^Stem tegen/ })
      .click();
    await expect(page.getByTestId('sync-status')).toHaveText('Online', { timeout: 15_000 });
    const fresh = await tokenFor(server.url, 'collega@demoschool.nl');
    expect((await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', fresh)).down).toContain(idea.id);
    await expect(page.getByText(/Je sessie is verlopen/)).toHaveCount(0);
  } finally {
    await server.dispose();
  }
});

test('one vote online costs one write and at most two reads (issue 34 item 5)', async ({ page, server }) => {
  const { items } = await openIdeas(server, 'docent@demoschool.nl');
  await openWishlist(page, server, 'docent@demoschool.nl');
  // The screen's first reads and the read marks of opening it settle first.
  await expect(page.getByTestId('sync-status')).toHaveText('Online', { timeout: 15_000 });
  await page.waitForTimeout(2000);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) calls.push(`${r.method()} ${path.slice(5)}`);
  });
  const votes = await page.evaluate(() =>
    fetch('/api/wishlistItems/userVotes', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } }).then((r) =>
      r.json(),
    ),
  );
  calls.length = 0;
  const idea = items.find((i) => !(votes as UserVotes).up.includes(i.id))!;
  await card(page, idea.title)
    .getByRole('button', { name: /^Stem voor/ })
    .click();
  await expect(card(page, idea.title).getByRole('button', { name: /^Stem voor/ })).toHaveAttribute('aria-pressed', 'true');
  // Long enough for every refresh a delivered change sets off (the delivered event's gap is 1.5 s).
  await page.waitForTimeout(3000);
  const writes = calls.filter((c) => c.includes('/vote'));
  const reads = calls.filter((c) => !c.includes('/vote'));
  expect(writes, calls.join('\n')).toEqual([`GET wishlistItems/voteUp/${idea.id}`]);
  expect(reads.length, calls.join('\n')).toBeLessThanOrEqual(2);
});
