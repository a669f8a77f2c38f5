/** Reads in flight are shared, but never across a delivered change (src/data/read-flights.ts). */
import { describe, expect, it, vi } from 'vitest';
import { noteDelivered, sharedFlight } from '../../src/data/read-flights';

/** A read that answers when told to. */
function pendingRead() {
  let answer!: (fromNetwork: boolean) => void;
  const start = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
  return { start, answer: (v: boolean) => answer(v) };
}

describe('sharedFlight', () => {
  it('asks the server once for the same read twice on its way, and both get the answer', async () => {
    const read = pendingRead();
    const first = sharedFlight('GET wishlistItems', read.start);
    const second = sharedFlight('GET wishlistItems', read.start);
    read.answer(true);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(read.start).toHaveBeenCalledTimes(1);
  });

  it('asks again once the first has answered, and keeps other reads apart', async () => {
    const read = pendingRead();
    const other = pendingRead();
    const first = sharedFlight('GET a', read.start);
    void sharedFlight('GET b', other.start);
    read.answer(true);
    await first;
    void sharedFlight('GET a', read.start);
    expect(read.start).toHaveBeenCalledTimes(2);
    expect(other.start).toHaveBeenCalledTimes(1);
  });

  it('does not share a read that started before a change was delivered: it may hold the old values', async () => {
    const before = pendingRead();
    const after = pendingRead();
    const old = sharedFlight('GET wishlistItems/userVotes', before.start);
    noteDelivered(Date.now() + 1);
    const fresh = sharedFlight('GET wishlistItems/userVotes', after.start);
    expect(after.start).toHaveBeenCalledTimes(1);
    before.answer(false);
    after.answer(true);
    expect(await old).toBe(false);
    expect(await fresh).toBe(true);
  });
});
