/**
 * Optimistic changes: a queued write shows at once in the reads it affects. Nothing in the cache is
 * mutated; a patch is applied when a read is rendered, for every entry still waiting (or delivered
 * after the read was fetched). A refused entry stops applying, which undoes its change by itself.
 * Features register one patch per queueable write; no feature writes sync code.
 */
import type { OutboxEntry } from '../offline/db';

/** Changes the answer of read `readId` (e.g. "wishlist.items") as if `entry` had been applied. */
export type Patch = (readId: string, data: unknown, entry: OutboxEntry) => unknown;

const patches = new Map<string, Patch>();

export function registerPatch(writeId: string, patch: Patch): void {
  patches.set(writeId, patch);
}

export function applyPending(readId: string, data: unknown, fetchedAt: number, entries: readonly OutboxEntry[]): unknown {
  let out = data;
  for (const entry of entries) {
    const patch = patches.get(entry.endpointId);
    if (!patch) continue;
    const active = entry.state === 'waiting' || entry.state === 'sending' || (entry.state === 'delivered' && (entry.deliveredAt ?? 0) > fetchedAt);
    if (active) out = patch(readId, out, entry);
  }
  return out;
}
