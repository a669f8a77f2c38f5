/**
 * The page's IndexedDB access: screens show cached reads and queued changes and follow changes the
 * worker's Dexie makes (src/data/use-local.ts, Dexie's liveQuery); one-off reads never create the
 * database (src/data/local-store.ts), and the page's own writes reach every liveQuery.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { UserVotes } from '../../src/api/wishlist/types';
import { endpointId } from '../../src/data/endpoint-ids';
import { getMeta, getRead, putMeta, putRead } from '../../src/data/local-store';
import { session } from '../../src/data/session';
import { cacheKeyFor, useRead } from '../../src/data/use-read';
import { wishlistPatches } from '../../src/features/wishlist/optimistic-patches';
import { openOfflineDb, OUTBOX_FORMAT, type OutboxEntry } from '../../src/offline/db';

/** The worker's (or another tab's) own Dexie connection to the same database. */
let worker: ReturnType<typeof openOfflineDb>;

const deleted = () =>
  new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase('docentenomgeving');
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error('delete'));
    req.onblocked = () => resolve();
  });

beforeEach(async () => {
  session.user = {
    id: 7,
    role: 'TEACHER',
    email: 'docent@demoschool.nl',
    organisationName: 'Demoschool',
    currentOrganisationId: 1,
    currentClassroomId: null,
    name: 'Docent',
    studyLevel: null,
  };
  worker = openOfflineDb();
  await worker.open();
  await Promise.all([worker.reads.clear(), worker.outbox.clear(), worker.meta.clear()]);
  // Offline: every refresh fails, what is shown comes from IndexedDB only.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('offline'))),
  );
});

afterEach(() => {
  worker.close();
  vi.unstubAllGlobals();
});

const votesKey = () => cacheKeyFor(api.wishlist.userVotes, {});

function Votes({ seen }: { seen: string[] }) {
  const { data } = useRead(api.wishlist.userVotes, {}, { patches: wishlistPatches });
  if (data) seen.push(`up ${data.up.join(',')} down ${data.down.join(',')}`);
  return <p>{data ? `tegen: ${data.down.join(',') || 'geen'}` : 'laden'}</p>;
}

function vote(seq: number, id: number): OutboxEntry {
  return {
    seq,
    format: OUTBOX_FORMAT,
    idempotencyKey: `key-${seq}`,
    endpointId: endpointId(api.wishlist.voteDown),
    scope: '7:1',
    args: { params: { id } },
    label: 'Stem tegen',
    createdAt: Date.now(),
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: Date.now(),
  };
}

describe("screens following IndexedDB through Dexie's liveQuery", () => {
  it('shows a change the worker stores while the screen is open', async () => {
    await worker.reads.put({ key: votesKey(), scope: '7:1', data: { up: [], down: [] } satisfies UserVotes, updatedAt: Date.now() });
    render(<Votes seen={[]} />);
    expect(await screen.findByText('tegen: geen')).toBeInTheDocument();
    await worker.reads.put({ key: votesKey(), scope: '7:1', data: { up: [], down: [4] } satisfies UserVotes, updatedAt: Date.now() });
    expect(await screen.findByText('tegen: 4')).toBeInTheDocument();
  });

  it('paints a vote still waiting in the outbox from the first paint on, never the stored value first', async () => {
    await worker.reads.put({
      key: votesKey(),
      scope: '7:1',
      data: { up: [], down: [] } satisfies UserVotes,
      updatedAt: Date.now() - 60_000,
    });
    await worker.outbox.bulkPut([vote(1, 3), vote(2, 5)]);
    const seen: string[] = [];
    render(<Votes seen={seen} />);
    expect(await screen.findByText('tegen: 3,5')).toBeInTheDocument();
    expect(
      seen.every((s) => s === 'up  down 3,5'),
      seen.join(' → '),
    ).toBe(true);
  });
});

describe('the raw store', () => {
  it('reads a database that does not exist as empty, without creating it', async () => {
    worker.close();
    await deleted();
    expect(await getRead('public|GET config')).toBeUndefined();
    expect(await getMeta('currentUser')).toBeUndefined();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('docentenomgeving');
  });

  it('creates the database on a first write, and another Dexie connection uses it as its own', async () => {
    worker.close();
    await deleted();
    await putMeta('currentUser', { id: 7 });
    worker = openOfflineDb();
    expect((await worker.meta.get('currentUser'))?.value).toEqual({ id: 7 });
    const seq = await worker.outbox.add({ ...vote(0, 1), seq: undefined });
    expect(seq).toBe(1);
    expect(await worker.outbox.where('state').equals('waiting').count()).toBe(1);
  });

  it("the page's stored reads reach another connection's liveQuery", async () => {
    const values: unknown[] = [];
    const sub = liveQuery(() => worker.reads.get('public|GET config')).subscribe((row) => values.push(row?.data));
    await waitFor(() => expect(values).toEqual([undefined]));
    await putRead({ key: 'public|GET config', scope: 'public', data: { api_url: '/api/' }, updatedAt: Date.now() });
    await waitFor(() => expect(values).toContainEqual({ api_url: '/api/' }));
    sub.unsubscribe();
  });
});
