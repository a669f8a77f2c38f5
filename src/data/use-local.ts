/**
 * A read of the shared IndexedDB that follows its changes through Dexie's public liveQuery: read at
 * mount and again whenever a change Dexie tracks touches what it read, whoever made it (this page,
 * the service worker, another tab). Not dexie-react-hooks' useLiveQuery: each new answer here renders
 * as a transition, so React renders it in slices of a few milliseconds and yields to the browser
 * between them instead of one long task per answer (on a cheap tablet a page's rows arriving from
 * IndexedDB were the longest tasks of its load), and useLiveQuery runs every query once more during
 * render to look for a synchronous value. It keeps the last answer while the one for new deps is
 * read, and throws a read's error during render for an error boundary.
 *
 * Dexie loads with the first such read (./follow-local.ts), not with the page's entry. A
 * read held up (another connection's transaction that never ends) answers `empty` after
 * LOCAL_READ_TIMEOUT_MS and is read again at the next change (issue 36 item 5).
 */
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import type { OfflineDb } from '../offline/db';
import { followLocal } from './follow-local';
import { withinReadTimeout } from './local-store';

export function useLocal<T>(read: (db: OfflineDb) => Promise<T>, empty: T, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({ value: undefined, error: null });
  useEffect(() => {
    let live = true;
    const stop = followLocal(
      (db) => withinReadTimeout(read(db), empty),
      (value) => {
        if (live) startTransition(() => setState((s) => (s.value === value && s.error === null ? s : { value, error: null })));
      },
      (error) => {
        if (live) startTransition(() => setState((s) => ({ value: s.value, error })));
      },
    );
    return () => {
      live = false;
      stop();
    };
    // The caller's deps stand for the read, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (state.error !== null) throw state.error;
  return state.value;
}
