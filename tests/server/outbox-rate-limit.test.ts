/**
 * The outbox against the server's rate limits (issue #20, the chaos run that stopped at 374 of
 * 1,000): a change held back with 429 leaves once the limit lifts, and the queue behind it follows.
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

it('a change held back by 429 is delivered once the limit lifts, and every later change after it', async () => {
  const db = openOfflineDb('outbox-rate-limit');
  await storeTokens(db, await t.login(COLLEGA));
  const net = injectFetch(t.fastify);
  // 30 error reports a minute per teacher (RULES.reportUser): the 31st waits, and so does the vote.
  for (let i = 0; i < 32; i++) await enqueue(db, { endpointId: 'session.report', args: { body: { url: '/t', status: 0, message: `limiet-${i}` } }, label: 'melding', scope: 's' });
  const [idea] = await t.db.query<{ id: number }>(`SELECT id FROM wishlist_items WHERE active = 1 ORDER BY id LIMIT 1`);
  await enqueue(db, { endpointId: 'wishlist.voteUp', args: { params: { id: idea!.id } }, label: 'stem', scope: 's' });

  const held = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
  expect(held).toMatchObject({ delivered: 30, stoppedBy: 'network' });

  skew += 61_000;
  const after = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
  expect(after).toMatchObject({ delivered: 3, stoppedBy: 'done' });
  const reports = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_reports WHERE message LIKE 'limiet-%'`);
  expect(reports[0]!.n).toBe(32);
  expect(await db.outbox.where('state').anyOf('waiting', 'sending', 'failed').count()).toBe(0);
});
