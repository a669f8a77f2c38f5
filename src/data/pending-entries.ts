/**
 * The queued changes every screen lays over its cached reads, read once for all of them: with one
 * query per useRead, a long queue draining made each screen re-read the whole outbox on every step.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../offline/db';
import { offlineDb } from './offline-db';

let current: OutboxEntry[] | undefined;
let subscription: Subscription | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  subscription ??= liveQuery(() => offlineDb.outbox.where('state').anyOf('waiting', 'sending', 'delivered').toArray()).subscribe({
    next: (entries) => {
      current = entries;
      for (const l of listeners) l();
    },
    // A failed read leaves the last known list in place; the next change tries again.
    error: () => undefined,
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      subscription?.unsubscribe();
      subscription = undefined;
      current = undefined;
    }
  };
}

/** Waiting, sending and recently delivered outbox entries, or undefined until first read. */
export function usePendingEntries(): OutboxEntry[] | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
