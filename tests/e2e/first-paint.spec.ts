/**
 * What a screen paints first after a reload: a change still waiting to be sent shows from the first
 * paint, never the old value followed by the change (issue 17: whatever moves the read cache or the
 * outbox out of the page's first load must keep this).
 */
import type { UserVotes, WishlistItem } from '../../src/api/wishlist/types';
import { apiGet, tokenFor } from './api';
import { expect, signIn, test } from './fixtures';
import { startServer } from './server';

declare global {
  interface Window {
    /** Every state of every 'Stem tegen' button seen since the page's first paint: 'title|pressed|count'. */
    __votes: string[];
  }
}

// Known defect, kept open in issue 17: useRead now waits for the queued changes (which made this pass
// where it always failed), yet in about half the runs the button is still painted once as not pressed
// before the waiting vote shows. Not found yet where that first paint comes from: keeping the cards back until the
// teacher's votes are handed over by the live query was tried and did not change it. fixme rather
// than a retry that hides it.
test('a reload with a vote waiting to be sent never shows the vote undone', async ({ page }) => {
  const server = await startServer();
  try {
    const email = 'collega@demoschool.nl';
    const token = await tokenFor(server.url, email);
    const items = (await apiGet<WishlistItem[]>(server.url, 'wishlistItems', token)).filter((i) => i.active === 1);
    const votes = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
    const idea = items.find((i) => !votes.down.includes(i.id) && !votes.up.includes(i.id))!;

    await signIn(page, server.url, email);
    await expect(page).toHaveURL(/\/index$/);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto(`${server.url}/wishlist`);
    const card = page.getByTestId('wishlist-card').filter({ has: page.getByRole('heading', { name: idea.title, exact: true }) });
    const against = card.getByRole('button', { name: /^Stem tegen/ });
    await expect(against).toHaveAttribute('aria-pressed', 'false');

    // Offline: the vote waits in the outbox.
    await server.stop();
    await against.click();
    await expect(against).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('sync-status')).toHaveText(/Offline|\d+ wachten/);

    // Every state the button is painted in, from the first mutation of the reloaded page on.
    await page.addInitScript(() => {
      window.__votes = [];
      const record = () => {
        for (const c of document.querySelectorAll('[data-testid="wishlist-card"]')) {
          const title = c.querySelector('h1,h2,h3,h4,h5,h6')?.textContent ?? '';
          for (const b of c.querySelectorAll('button[aria-pressed]')) {
            if (!b.textContent?.startsWith('Stem tegen')) continue;
            const entry = `${title}|${b.getAttribute('aria-pressed')}|${/\((\d+)\)/.exec(b.textContent)?.[1] ?? ''}`;
            if (window.__votes.at(-1) !== entry) window.__votes.push(entry);
          }
        }
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.reload();
    await expect(against).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(1000);
    const seen = (await page.evaluate(() => window.__votes)).filter((v) => v.startsWith(`${idea.title}|`));
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.filter((v) => !v.startsWith(`${idea.title}|true|`)),
      `painted: ${seen.join(' → ')}`,
    ).toEqual([]);
  } finally {
    await server.dispose();
  }
});
