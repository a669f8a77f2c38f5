/**
 * Follows a read of the shared IndexedDB with Dexie's public liveQuery: `next` gets its answer at once
 * and again after every change that touches what it read, whoever made it (this page, the service
 * worker, another tab: Dexie tells them apart and across itself). Dexie loads with the first one, in
 * a chunk of its own rather than the page's entry (docs/performance.md).
 */
import type { OfflineDb } from '../offline/db';

/** Returns the unsubscribe; a read that fails calls `error`, and liveQuery reads again at the next change. */
export function followLocal<T>(read: (db: OfflineDb) => Promise<T>, next: (value: T) => void, error: (err: unknown) => void = () => undefined): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  import('./offline-db').then(({ liveQuery, offlineDb }) => {
    if (stopped) return;
    const subscription = liveQuery(() => read(offlineDb)).subscribe({ next, error });
    unsubscribe = () => subscription.unsubscribe();
  }, error);
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
