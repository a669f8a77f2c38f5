/**
 * What every signed-in page needs of 'Offline beschikbaar maken': its state for the header and the
 * keeper that resumes a cut-off run or refreshes a day-old copy. The run itself, with the endpoint
 * catalogue it plans from, is in offline-copy.ts and loads only when there is a copy to keep (or a tap
 * starts one): most teachers' pages never need it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PREPARE_KEY } from '../offline/db';
import type { PrepareState } from '../offline/prepare-state';
import { offlineDb } from './offline-db';
import { currentScope, session } from './session';

export { progressOf, type PrepareState } from '../offline/prepare-state';

/** The state of this teacher and school, or undefined when none was made. */
export function useOfflineCopy(): PrepareState | undefined {
  useSnapshot(session);
  const row = useLiveQuery(() => offlineDb.meta.get(PREPARE_KEY), []);
  const state = row?.value as PrepareState | undefined;
  return state && state.scope === currentScope() ? state : undefined;
}

/** Mounted once in the shell: with a copy on this device, loads the keeper (offline-copy.ts) and starts it. */
export function useOfflineCopyKeeper(): void {
  const hasCopy = useLiveQuery(() => offlineDb.meta.get(PREPARE_KEY), []) !== undefined;
  useEffect(() => {
    if (!hasCopy) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./offline-copy').then((m) => {
      if (!unmounted) stop = m.keepOfflineCopy();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [hasCopy]);
}
