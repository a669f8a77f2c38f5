/**
 * The queued changes every screen lays over its cached reads, read once for all of them and at most
 * every THROTTLE_MS: a long queue draining changes the outbox twice per entry, and re-reading it
 * (per screen, per step) kept a tablet's CPU busy and slowed the drain itself.
 */
import Dexie, { type ObservabilitySet } from 'dexie';
import { useSyncExternalStore } from 'react';
import { throttle } from '../lib/throttle';
import type { OutboxEntry } from '../offline/db';
import { offlineDb } from './offline-db';

const THROTTLE_MS = 300;
let current: OutboxEntry[] | undefined;
const listeners = new Set<() => void>();

async function load(): Promise<void> {
  try {
    current = await offlineDb.outbox.where('state').anyOf('waiting', 'sending', 'delivered').toArray();
    for (const l of listeners) l();
  } catch {
    // The last known list stays; the next change reads again. Never read: none known, or no screen
    // would show its stored answer (useRead waits for this list).
    if (current === undefined) {
      current = [];
      for (const l of listeners) l();
    }
  }
}

/** The first change shows at once (a tap's optimistic change); a burst is read again at its end. */
const schedule = throttle(load, THROTTLE_MS);

// Fired for changes made here and, through Dexie's broadcast, by the service worker and other tabs.
const outboxPart = `idb://${offlineDb.name}/outbox/`;
function onMutated(parts: ObservabilitySet): void {
  if (listeners.size && Object.keys(parts).some((p) => p.startsWith(outboxPart))) schedule();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    Dexie.on('storagemutated', onMutated);
    void load();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) Dexie.on.storagemutated.unsubscribe(onMutated);
  };
}

/** Waiting, sending and recently delivered outbox entries, or undefined until first read. */
export function usePendingEntries(): OutboxEntry[] | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
