/**
 * A write marked directWhenOnline (the feed's read mark) goes straight to the server while online
 * with nothing queued, so the page needs neither the replayer nor Dexie; when it does not arrive it
 * is queued under the same Idempotency-Key, and the server applies it once.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as catalogueApi } from '../../src/api/catalogue';
import { openOfflineDb } from '../../src/offline/db';
import { type FakeServer, offline, stubFetch } from './fake-server';

let server: FakeServer;
/** The Idempotency-Key of every request, in order. */
const keys = () => server.log.map((r) => r.headers.get('Idempotency-Key'));

beforeEach(async () => {
  vi.resetModules();
  localStorage.setItem('accessToken', 'a'.repeat(20));
  localStorage.setItem('refreshToken', 'r'.repeat(20));
  const db = openOfflineDb();
  await db.outbox.clear();
  db.close();
  // The entry from the catalogue imported before vi.resetModules(), the one the fake server matches by.
  server = stubFetch().on(catalogueApi.dashboard.activitiesRead, { message: 'ok' });
});

afterEach(() => vi.unstubAllGlobals());

describe('a write sent directly when online', () => {
  it('reaches the server without starting the replayer', async () => {
    const { submitWrite } = await import('../../src/data/writes');
    const { api } = await import('../../src/api/catalogue');
    const { startedReplayer } = await import('../../src/data/replayer');
    const outcome = await submitWrite(api.dashboard.activitiesRead, { query: { upTo: 5 } }, 'Gelezen', { directWhenOnline: true });
    expect(outcome.queued).toBe(false);
    expect(keys()).toHaveLength(1);
    expect(startedReplayer()).toBeNull();
  });

  it('is queued under the key of its failed attempt when the network fails', async () => {
    server.on(catalogueApi.dashboard.activitiesRead, offline());
    const { submitWrite } = await import('../../src/data/writes');
    const { api } = await import('../../src/api/catalogue');
    const outcome = await submitWrite(api.dashboard.activitiesRead, { query: { upTo: 5 } }, 'Gelezen', {
      directWhenOnline: true,
      waitMs: 100,
    });
    expect(outcome.queued).toBe(true);
    const db = openOfflineDb();
    const [entry] = await db.outbox.toArray();
    db.close();
    expect(keys()[0]).toBeTruthy();
    expect(entry?.idempotencyKey).toBe(keys()[0]);
  });
});
