/**
 * The page's IndexedDB lifecycle (issue 36 item 5, docs/offline.md "IndexedDB lifecycle"): a read
 * that gets no answer in time reads as empty instead of holding the screen for ever, and the
 * connection closed on pagehide opens again at the next read.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LOCAL_READ_TIMEOUT_MS } from '../../src/constants';
import { getMeta, getRead } from '../../src/data/local-store';
import { openOfflineDb } from '../../src/offline/db';

let other: ReturnType<typeof openOfflineDb>;

beforeEach(async () => {
  other = openOfflineDb();
  await other.open();
  await Promise.all([other.reads.clear(), other.meta.clear()]);
  await other.reads.put({ key: 'k', scope: '7:1', data: { ok: true }, updatedAt: 1 });
  await other.meta.put({ key: 'config', value: { api_url: '/api/' } });
});

afterEach(() => other.close());

/** Another connection's readwrite transaction on `reads` that never ends (as a page gone mid-transaction). */
function holdReads(): () => void {
  const raw = other.backendDB();
  const tx = raw.transaction(['reads'], 'readwrite');
  let held = true;
  const keep = () => {
    if (held) tx.objectStore('reads').get('k').onsuccess = keep;
  };
  keep();
  return () => {
    held = false;
  };
}

it('a read held up by another connection answers empty in time; the others still read', async () => {
  const release = holdReads();
  const started = Date.now();
  expect(await getRead('k')).toBeUndefined();
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(LOCAL_READ_TIMEOUT_MS - 50);
  expect(took).toBeLessThan(LOCAL_READ_TIMEOUT_MS + 2000);
  expect(await getMeta('config')).toEqual({ api_url: '/api/' });
  release();
  // Once the store is free the next read opens afresh and finds the answer.
  await new Promise((r) => setTimeout(r, 50));
  expect(await getRead('k')).toMatchObject({ data: { ok: true } });
}, 15_000);

it('the connection closed on pagehide opens again at the next read', async () => {
  expect(await getRead('k')).toMatchObject({ data: { ok: true } });
  window.dispatchEvent(new Event('pagehide'));
  window.dispatchEvent(new Event('pageshow'));
  expect(await getRead('k')).toMatchObject({ data: { ok: true } });
});
