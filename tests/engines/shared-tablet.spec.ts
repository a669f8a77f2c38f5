/**
 * Issue 36 in both engines: a tablet shared by two teachers, and a school switch made elsewhere while
 * changes waited. A queued change leaves only as the teacher who made it and lands in the school she
 * made it in. Checked on the server's own data.
 */
import type { UserVotes, WishlistItem } from '../../src/api/wishlist/types';
import { openPglite } from '../../server/db/database';
import { apiGet, tokenFor } from '../e2e/api';
import {
  button,
  click,
  eventually,
  field,
  fill,
  find,
  heading,
  signIn,
  syncStatus,
  tab,
  testId,
  waitFor,
  workerReady,
  type WaitOptions,
} from './app';
import type { RunningServer } from '../e2e/server';
import type { AppDriver } from './driver';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

const DOCENT = { email: 'docent@demoschool.nl', name: 'Sanne de Vries' };
const COLLEGA = { email: 'collega@demoschool.nl', name: 'Ahmed El Amrani' };

/** An active idea of school 1 the teacher has not voted for yet. */
async function ideaToVoteFor(baseUrl: string, token: string): Promise<WishlistItem> {
  const ideas = (await apiGet<WishlistItem[]>(baseUrl, 'wishlistItems', token)).filter((i) => i.active === 1);
  const votes = await apiGet<UserVotes>(baseUrl, 'wishlistItems/userVotes', token);
  return ideas.find((i) => !votes.up.includes(i.id) && !votes.down.includes(i.id))!;
}

/** Offline on the wishlist: a vote and a comment on `idea`, left waiting. */
async function voteAndComment(app: AppDriver, idea: WishlistItem, comment: string): Promise<void> {
  const card = { within: '[data-testid="wishlist-card"]', withinText: idea.title };
  await click(app, button(/^Stem voor/, card));
  await click(app, button(/^Reageer \(/, card));
  await fill(app, { ...field('Jouw reactie'), ...card }, comment);
  await click(app, button('Reageer', card));
  await waitFor(
    app,
    (text) => [...document.querySelectorAll('[data-testid="wishlist-card"] li')].some((li) => li.textContent?.includes(text)),
    comment,
  );
  // Hers, and the screens' own marks queued with the server gone: at least the two.
  await syncStatus(app, /^([2-9]|\d\d+) wachten$/);
}

/** The first teacher, signed in online with the wishlist stored, votes and comments with the server gone. */
async function offlineVoteAndComment(app: AppDriver, server: RunningServer, idea: WishlistItem, comment: string): Promise<void> {
  await signIn(app, server.url, DOCENT.email);
  await workerReady(app);
  await click(app, tab('Verlanglijstje'));
  await find(app, heading(idea.title));
  await syncStatus(app, 'Online');
  await server.stop();
  await voteAndComment(app, idea, comment);
}

/** The comments with this text on the idea, with their authors, as the server holds them. */
async function commentsOnServer(baseUrl: string, token: string, ideaId: number, text: string): Promise<string[]> {
  const ideas = await apiGet<WishlistItem[]>(baseUrl, 'wishlistItems', token);
  return ideas
    .find((i) => i.id === ideaId)!
    .comments.filter((c) => c.comment === text)
    .map((c) => c.user.name);
}

async function signOut(app: AppDriver, email: string, opts?: WaitOptions): Promise<void> {
  await click(app, button(`Accountmenu van ${email}`));
  await click(app, { css: '[role="menuitem"]', name: 'Uitloggen' }, opts);
}

test("a shared tablet: a colleague's sign-in never sends the changes of the teacher before her; they leave once, as hers, when she is back", async ({
  app,
  server,
}) => {
  const tokenA = await tokenFor(server.url, DOCENT.email);
  const tokenB = await tokenFor(server.url, COLLEGA.email);
  const idea = await ideaToVoteFor(server.url, tokenA);
  const votesOfB = await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', tokenB);
  const comment = `Gedeelde tablet, ${app.engine}`;

  await offlineVoteAndComment(app, server, idea, comment);

  // 'Uitloggen' with changes waiting asks first; she keeps them for later.
  await signOut(app, DOCENT.email);
  await find(app, { css: '[role="dialog"] *', name: /^Er wachten nog \d+ wijzigingen op verzending\.$/ });
  await click(app, button('Uitloggen en later verzenden', { within: '[role="dialog"]' }));
  await find(app, testId('held-changes'), { timeout: 15_000 });
  expect(await app.evaluate(() => document.querySelector('[data-testid="held-changes"]')?.textContent ?? '')).toMatch(
    /Op deze tablet wachten nog \d+ wijzigingen van een andere docent\./,
  );
  // The notice says how many, never what: not her comment.
  expect(await app.evaluate((text) => document.body.innerText.includes(text), comment)).toBe(false);

  // The colleague signs in on the same tablet with the server back: nothing of the first teacher's leaves.
  await server.start();
  await signIn(app, server.url, COLLEGA.email);
  await syncStatus(app, 'Online', { timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 4000));
  expect(await commentsOnServer(server.url, tokenB, idea.id, comment)).toEqual([]);
  expect(await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', tokenB)).toEqual(votesOfB);
  expect((await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', tokenA)).up).not.toContain(idea.id);

  // Nothing of her own waits, so 'Uitloggen' signs her out at once.
  await signOut(app, COLLEGA.email);
  await find(app, testId('held-changes'), { timeout: 15_000 });

  // The first teacher is back: hers arrive once, under her own name.
  await signIn(app, server.url, DOCENT.email);
  await eventually(
    () => commentsOnServer(server.url, tokenA, idea.id, comment),
    (names) => names.length > 0,
    { timeout: 20_000, message: 'her comment on the server' },
  );
  await syncStatus(app, 'Online', { timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 2500));
  expect(await commentsOnServer(server.url, tokenA, idea.id, comment)).toEqual([DOCENT.name]);
  expect((await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', tokenA)).up).toContain(idea.id);
  // A fresh token: her sign-out on the tablet ended the API session of this test too.
  expect(await apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', await tokenFor(server.url, COLLEGA.email))).toEqual(votesOfB);
});

test('a school switch made on another device while changes waited: they land in the school they were made in', async ({ app, server }) => {
  const tokenA = await tokenFor(server.url, DOCENT.email);
  const idea = await ideaToVoteFor(server.url, tokenA);
  const comment = `Gemaakt in school 1, ${app.engine}`;

  await offlineVoteAndComment(app, server, idea, comment);

  // Meanwhile, on her laptop, she switched to the other school (inactive: it has no wishlist at all).
  const db = await openPglite(`${server.dataDir}/pglite`);
  const [other] = await db.query<{ id: number }>(
    `SELECT m.organisation_id AS id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.organisation_id <> u.current_organisation_id`,
    [DOCENT.email],
  );
  await db.query(`UPDATE users SET current_organisation_id = $2, current_classroom_id = NULL WHERE email = $1`, [DOCENT.email, other!.id]);
  await db.close();

  await server.start();
  // Both arrive in school 1, where she made them, and nothing is refused (in De Linde the comment
  // would have met the licence refusal). Her colleague in school 1 sees the comment, under her name.
  await syncStatus(app, 'Online', { timeout: 20_000 });
  const tokenB = await tokenFor(server.url, COLLEGA.email);
  await eventually(
    () => commentsOnServer(server.url, tokenB, idea.id, comment),
    (names) => names.length > 0,
    { timeout: 15_000, message: 'the comment in school 1' },
  );
  expect(await commentsOnServer(server.url, tokenB, idea.id, comment)).toEqual([DOCENT.name]);
  expect(await app.evaluate(() => document.querySelector('[aria-label*="iet verzonden"]') === null)).toBe(true);
});

test('storage cleared by the browser while changes waited: said once in Dutch, and the next change still leaves', async ({
  app,
  server,
}) => {
  // The eviction is simulated with indexedDB.deleteDatabase from a page of the site without the app.
  // In WebKitGTK that delete stays blocked (15 s) by a connection that does not close on versionchange
  // (not yet found which: the worker's, or the app's page kept in the back-forward cache); an eviction
  // by the system closes no connection and needs no versionchange, so WebKit's case is left to the
  // client test (tests/client/shared-tablet.test.tsx) until that connection is found.
  test.skip(app.engine === 'webkit', 'deleteDatabase stays blocked in WebKitGTK: see the comment above');
  const tokenA = await tokenFor(server.url, DOCENT.email);
  const idea = await ideaToVoteFor(server.url, tokenA);
  const comment = `Gewist door de browser, ${app.engine}`;

  await offlineVoteAndComment(app, server, idea, comment);

  // The tablet evicts the site's IndexedDB while the app is closed; localStorage (the tokens) stays.
  // The worker serves the manifest from its precache: a page of the site without the app on it.
  await app.goto(`${server.url}/manifest.webmanifest`);
  const deleted = await app.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const req = indexedDB.deleteDatabase('docentenomgeving');
        req.onsuccess = () => resolve('deleted');
        req.onerror = () => resolve('error');
        setTimeout(() => resolve('timeout'), 15_000);
      }),
  );
  expect(deleted).toBe('deleted');

  await server.start();
  await app.goto(`${server.url}/wishlist`);
  await find(app, { css: '*', name: 'Wijzigingen verloren gegaan' }, { timeout: 20_000 });
  expect(await app.evaluate(() => document.body.innerText)).toMatch(/zijn \d+ wijzigingen verloren gegaan die nog niet waren verzonden/);
  expect(await app.evaluate(() => document.body.innerText.includes('Je sessie is verlopen'))).toBe(false);

  // Still signed in and able to work: a new vote reaches the server.
  await find(app, heading(idea.title), { timeout: 20_000 });
  await click(app, button(/^Stem voor/, { within: '[data-testid="wishlist-card"]', withinText: idea.title }));
  await eventually(
    () => apiGet<UserVotes>(server.url, 'wishlistItems/userVotes', tokenA),
    (v) => v.up.includes(idea.id),
    { timeout: 15_000, message: 'the new vote on the server' },
  );
  await syncStatus(app, 'Online', { timeout: 15_000 });
  expect(await app.evaluate(() => document.body.innerText.includes('Je sessie is verlopen'))).toBe(false);
});
