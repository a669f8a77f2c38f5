/**
 * A refresh that brings nothing new costs nothing on screen (src/data/use-read.ts with
 * src/offline/read-through.ts): the answer the server sends again (same ETag) is not written, no
 * screen that follows the stored row wakes, and the screen does not render. Its age offline is still
 * that of the last refresh, not of the last change; and a delivered change's patch comes off.
 */
import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { UserVotes } from '../../src/api/wishlist/types';
import { endpointId } from '../../src/data/endpoint-ids';
import { session } from '../../src/data/session';
import { cacheKeyFor, useRead, type ReadState } from '../../src/data/use-read';
import { wishlistPatches } from '../../src/features/wishlist/optimistic-patches';
import { openOfflineDb, OUTBOX_FORMAT } from '../../src/offline/db';
import { offline, respond, stubFetch } from './fake-server';
import { teacher } from './fake-app';

let db: ReturnType<typeof openOfflineDb>;

beforeEach(async () => {
  db = openOfflineDb();
  await db.open();
  await Promise.all([db.reads.clear(), db.outbox.clear(), db.meta.clear()]);
  localStorage.setItem('accessToken', 'a'.repeat(20));
  localStorage.setItem('refreshToken', 'r'.repeat(20));
  session.user = teacher;
});

afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const votes: UserVotes = { up: [], down: [4] };
const sameAnswer = () =>
  respond(() => new Response(JSON.stringify(votes), { headers: { 'Content-Type': 'application/json', ETag: '"v1"' } }));

/** The read as a screen has it, and how often that screen rendered. */
function probe() {
  const seen = { renders: 0, read: undefined as ReadState<UserVotes> | undefined };
  function Votes() {
    seen.renders++;
    const read = useRead(api.wishlist.userVotes, {}, { patches: wishlistPatches });
    seen.read = read;
    return <p>{read.data ? `tegen: ${read.data.down.join(',')}` : 'laden'}</p>;
  }
  render(<Votes />);
  return seen;
}

describe('a refresh that brings nothing new', () => {
  it('writes nothing and renders nothing, and the age shown offline is that of the last refresh', async () => {
    const fake = stubFetch().on(api.wishlist.userVotes, sameAnswer());
    const seen = probe();
    await waitFor(() => expect(seen.read?.data).toEqual(votes));
    await waitFor(() => expect(seen.read?.loading).toBe(false));
    const stored = await db.reads.get(cacheKeyFor(api.wishlist.userVotes, {}));
    const renders = seen.renders;

    await new Promise((r) => setTimeout(r, 5));
    const refreshedAt = Date.now();
    for (let i = 0; i < 3; i++) await act(() => seen.read!.reload());
    expect(fake.calls(api.wishlist.userVotes)).toHaveLength(4);
    expect(await db.reads.get(cacheKeyFor(api.wishlist.userVotes, {}))).toEqual(stored);
    expect(seen.renders).toBe(renders);

    // Offline: stale, and updated as of the last refresh that reached the server.
    fake.on(api.wishlist.userVotes, offline());
    await act(() => seen.read!.reload());
    await waitFor(() => expect(seen.read?.stale).toBe(true));
    expect(seen.read!.updatedAt).toBeGreaterThanOrEqual(refreshedAt);
    expect(stored!.updatedAt).toBeLessThan(refreshedAt);
  });

  it('takes off the patch of a change delivered before it, though nothing was written', async () => {
    stubFetch().on(api.wishlist.userVotes, sameAnswer());
    const seen = probe();
    await waitFor(() => expect(seen.read?.data).toEqual(votes));
    // A vote delivered after the stored answer was fetched: shown until an answer asked for after it.
    const deliveredAt = Date.now() + 1;
    await db.outbox.add({
      format: OUTBOX_FORMAT,
      idempotencyKey: 'key-1',
      endpointId: endpointId(api.wishlist.voteDown),
      scope: '7:1',
      args: { params: { id: 9 } },
      label: 'Stem tegen',
      createdAt: deliveredAt - 1,
      state: 'delivered',
      deliveredAt,
      attempts: 1,
      nextAttemptAt: 0,
    });
    await waitFor(() => expect(seen.read?.data?.down).toEqual([4, 9]));
    await new Promise((r) => setTimeout(r, 5));
    // The server's answer after the delivery is the one stored (the vote changed nothing there).
    await act(() => seen.read!.reload());
    await waitFor(() => expect(seen.read?.data?.down).toEqual([4]));
  });
});
