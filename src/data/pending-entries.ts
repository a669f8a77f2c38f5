/**
 * The queued changes every screen lays over its cached reads, read once for all of them and at most
 * every PENDING_ENTRIES_THROTTLE_MS: a long queue draining changes the outbox twice per entry, and re-reading it
 * (per screen, per step) kept a tablet's CPU busy and slowed the drain itself. Read raw
 * (./local-store.ts): the page needs no Dexie to show them.
 */
import { useSyncExternalStore } from 'react';
import { throttle } from '../lib/throttle';
import type { OutboxEntry } from '../offline/schema';
import { onLocalChange } from './local-changes';
import { getPendingEntries } from './local-store';
import { PENDING_ENTRIES_THROTTLE_MS } from '../constants';

let current: OutboxEntry[] | undefined;
/** Bumped by every read started: an older read answering late does not overwrite a newer one. */
let generation = 0;
const listeners = new Set<() => void>();

function set(entries: OutboxEntry[]): void {
  current = entries;
  for (const l of listeners) l();
}

async function load(): Promise<void> {
  const mine = ++generation;
  try {
    const entries = await getPendingEntries();
    if (mine === generation) set(entries);
  } catch {
    // The last known list stays; the next change reads again. Never an empty list in its place: a
    // screen would paint its stored answer without the changes still waiting.
  }
}

/**
 * The list read with a cached answer in one transaction (useRead's first read): a screen's first
 * paint has both or neither. Taken only before any list is known.
 */
export function seedPendingEntries(entries: OutboxEntry[]): void {
  if (current === undefined) set(entries);
}

/** The first change shows at once (a tap's optimistic change); a burst is read again at its end. */
const schedule = throttle(load, PENDING_ENTRIES_THROTTLE_MS);
let stopListening: (() => void) | undefined;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Changes made here and, through Dexie's broadcast, by the service worker and other tabs.
    stopListening = onLocalChange((stores) => {
      if (stores.has('outbox')) schedule();
    });
    void load();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      // Unheard changes may follow: the next screen reads the list afresh (with its first read).
      current = undefined;
      generation++;
    }
  };
}

/** Waiting, sending and recently delivered outbox entries in queue order, or undefined until first read. */
export function usePendingEntries(): OutboxEntry[] | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
