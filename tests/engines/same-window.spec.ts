/**
 * A full page load in the same window with the server gone (issue #36 item 5): a reload and opening the
 * same address again. WebKit left the app without its data before (docs/offline.md, "IndexedDB
 * lifecycle"); a vote and a comment made afterwards arrive once when the server returns.
 */
import type { UserVotes, WishlistItem } from '../../src/api/wishlist/types';
import { apiGet, tokenFor } from '../e2e/api';
import { button, click, eventually, field, fill, find, heading, signIn, syncStatus, tab, waitFor, workerReady } from './app';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 150_000 });

const DOCENT = 'docent@demoschool.nl';
const CARDS = '[data-testid="wishlist-card"]';

test('the wishlist reloads and reopens in the same window with the server down; a vote and a comment made then arrive once', async ({
  app,
  server,
}) => {
  const token = await tokenFor(server.url, DOCENT);
  const ideas = (await apiGet<WishlistItem[]>(server.url, 'wishlistItems', token)).filter((i) => i.active === 1);
  const votes = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token);
  const idea = ideas.find((i) => !votes.up.includes(i.id))!;
  const comment = `Na herladen getypt (${app.engine})`;

  await signIn(app, server.url, DOCENT);
  await workerReady(app);
  await click(app, tab('Verlanglijstje'));
  await find(app, heading(idea.title));
  await syncStatus(app, 'Online');
  await server.stop();

  const say = (m: string) => console.log(`${new Date().toISOString().slice(11, 23)} ${app.engine} ${m}`);
  const locks = () => app.evaluate(async () => JSON.stringify(await navigator.locks.query())).catch((e: unknown) => String(e));
  const cardsShown = async (when: string) => {
    say(`waiting for cards after ${when}`);
    try {
      await waitFor(app, (css) => document.querySelector(css) !== null, CARDS, { timeout: 15_000, message: `ideas after ${when}` });
    } catch (err) {
      say(`no cards: locks ${await locks()}`);
      throw err;
    }
    say(`cards after ${when}; locks ${await locks()}`);
  };
  say('location.reload()');
  await app.evaluate(() => {
    setTimeout(() => location.reload(), 50);
    return true;
  });
  await new Promise((r) => setTimeout(r, 500));
  await cardsShown('location.reload()');
  await app.goto(`${server.url}/wishlist`);
  await cardsShown('opening the same address');
  await app.reload();
  await cardsShown('the browser reload');

  const card = { within: CARDS, withinText: idea.title };
  await click(app, button(/^Stem voor/, card));
  await click(app, button(/^Reageer \(/, card));
  await fill(app, { ...field('Jouw reactie'), ...card }, comment);
  await click(app, button('Reageer', card));
  await waitFor(
    app,
    (text) => [...document.querySelectorAll('[data-testid="wishlist-card"] li')].some((li) => li.textContent?.includes(text)),
    comment,
  );
  say(`voted and commented; locks ${await locks()}`);
  await syncStatus(app, /^\d+ wachten$/);

  await server.start();
  say('server started');
  const arrived = async () => {
    const [v, all] = await Promise.all([
      apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', token),
      apiGet<WishlistItem[]>(server.url, 'wishlistItems', token),
    ]);
    return {
      voted: v.up.includes(idea.id),
      comments: all.find((i) => i.id === idea.id)!.comments.filter((c) => c.comment === comment).length,
    };
  };
  const expected = { voted: true, comments: 1 };
  await eventually(arrived, (now) => JSON.stringify(now) === JSON.stringify(expected), {
    timeout: 30_000,
    message: 'the vote and the comment on the server',
  });
  await syncStatus(app, 'Online');
  await new Promise((r) => setTimeout(r, 2500));
  expect(await arrived()).toEqual(expected);
});
