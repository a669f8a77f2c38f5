/**
 * The queued changes every screen lays over its cached reads, followed once for all of them (Dexie's
 * liveQuery on the outbox) and handed to the screens at most every PENDING_ENTRIES_THROTTLE_MS: a long queue draining
 * changes the outbox twice per entry, and re-rendering every screen per step kept a tablet's CPU
 * busy and slowed the drain itself.
 */
import { startTransition, useEffect, useState } from 'react';
import { throttle } from '../lib/throttle';
import type { OutboxEntry } from '../offline/schema';
import { pendingEntries } from './live-reads';
import { followLocal } from './follow-local';
import { PENDING_ENTRIES_THROTTLE_MS } from '../constants';

let current: OutboxEntry[] | undefined;
/** The newest list liveQuery gave, handed on by `schedule`. */
let latest: OutboxEntry[] | undefined;
const listeners = new Set<() => void>();

/** `current` as text, to tell a new list from the same queue read again. */
let currentText: string | undefined;

function set(entries: OutboxEntry[]): void {
  // liveQuery answers every change of the outbox with a new list, most often the same queue.
  const text = JSON.stringify(entries);
  if (current !== undefined && text === currentText) return;
  current = entries;
  currentText = text;
  for (const l of listeners) l();
}

/**
 * The list read with a cached answer in one transaction (useRead's first read): a screen's first
 * paint has both or neither. Taken only before any list is known.
 */
export function seedPendingEntries(entries: OutboxEntry[]): void {
  if (current === undefined) set(entries);
}

/** The first change shows at once (a tap's optimistic change); a burst is handed on again at its end. */
const schedule = throttle(() => {
  if (latest) set(latest);
}, PENDING_ENTRIES_THROTTLE_MS);
let stopListening: (() => void) | undefined;

// Changes made here and, through Dexie's own tracking, by the service worker and other tabs. A failed
// read keeps the last known list (never an empty one: a screen would paint its stored answer without
// the changes still waiting); liveQuery reads again at the next change.
const follow = () =>
  followLocal(pendingEntries, (entries) => {
    latest = entries;
    schedule();
  });

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) stopListening = follow();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      // Unheard changes may follow: the next screen reads the list afresh (with its first read).
      current = undefined;
      latest = undefined;
    }
  };
}

/**
 * Waiting, sending and recently delivered outbox entries in queue order, or undefined until first read.
 * Not useSyncExternalStore: React renders its every change at once, in one task, and a change here
 * re-renders every screen with a cached read. A transition renders it in slices, as the answers
 * themselves (./use-local.ts). The seed comes before the answer it was read with, so a screen never
 * paints that answer without the changes still waiting.
 */
export function usePendingEntries(): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState(() => current);
  useEffect(() => {
    const update = () => startTransition(() => setEntries(current));
    const stop = subscribe(update);
    // A change between this render and the subscription.
    update();
    return stop;
  }, []);
  return entries;
}
