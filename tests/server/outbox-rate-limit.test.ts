/**
 * The outbox against the server's rate limits (issue #20, the chaos run that stopped at 374 of
 * 1,000): a change held back with 429 leaves once the limit lifts, and only changes of its own kind
 * wait behind it meanwhile.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openOfflineDb } from '../../src/offline/db';
import { enqueue, replayOutbox } from '../../src/offline/outbox';
import { storeTokens } from '../../src/offline/tokens';
import { injectFetch } from '../helpers/inject-fetch';
import { COLLEGA, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
// Real time that the test moves on: the limit's window is counted in the server's clock.
let skew = 0;
beforeAll(async () => {
  t = await createTestApp({}, () => new Date(Date.now() + skew));
});
afterAll(() => t.close());

it('a change held back by 429 is delivered once the limit lifts; meanwhile only changes of its kind wait behind it', async () => {
  const db = openOfflineDb('outbox-rate-limit');
  await storeTokens(db, await t.login(COLLEGA));
  const net = injectFetch(t.fastify);
  const now = () => Date.now() + skew;
  const report = (i: number) =>
    enqueue(db, {
      endpointId: 'session.report',
      args: { body: { url: '/t', status: 0, message: `limiet-${i}` } },
      label: 'melding',
      scope: 's',
    });
  // 30 error reports a minute per teacher (RULES.reportUser): the 31st waits, and the 32nd behind it.
  for (let i = 0; i < 31; i++) await report(i);
  const [idea] = await t.db.query<{ id: number }>(`SELECT id FROM wishlist_items WHERE active = 1 ORDER BY id LIMIT 1`);
  await enqueue(db, { endpointId: 'wishlist.voteUp', args: { params: { id: idea!.id } }, label: 'stem', scope: 's' });
  await report(31);

  const held = await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now });
  expect(held).toMatchObject({ delivered: 31, stoppedBy: 'backoff' });
  const votes = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM wishlist_votes WHERE wishlist_item_id = $1 AND user_id = (SELECT id FROM users WHERE email = $2)`,
    [idea!.id, COLLEGA],
  );
  expect(votes[0]!.n).toBe(1);
  // Not resent before the time the server gave, even when forced ('Nu verzenden').
  const requests = net.state.requests;
  expect(await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now })).toMatchObject({ delivered: 0, stoppedBy: 'backoff' });
  expect(net.state.requests).toBe(requests);

  skew += 61_000;
  const after = await replayOutbox(db, { fetchFn: net.fetchFn, force: true, now });
  expect(after).toMatchObject({ delivered: 2, stoppedBy: 'done' });
  const reports = await t.db.query<{ message: string }>(`SELECT message FROM error_reports WHERE message LIKE 'limiet-%' ORDER BY id`);
  expect(reports.map((r) => r.message)).toEqual(Array.from({ length: 32 }, (_, i) => `limiet-${i}`));
  expect(await db.outbox.where('state').anyOf('waiting', 'sending', 'failed').count()).toBe(0);
});
