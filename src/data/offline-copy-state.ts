/**
 * What every signed-in page needs of 'Offline beschikbaar maken': its state for the header and the
 * keeper that resumes a cut-off run or refreshes a day-old copy. The run itself, with the endpoint
 * catalogue it plans from, is in offline-copy.ts and loads only when there is a copy to keep (or a tap
 * starts one): most teachers' pages never need it.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PREPARE_KEY } from '../constants';
import type { PrepareState } from '../offline/prepare-state';
import { metaValue } from './live-reads';
import { currentScope, session } from './session';
import { useLocal } from './use-local';

/** The stored state, or null without one. */
const usePrepareRow = () => useLocal(async (db) => ((await metaValue(db, PREPARE_KEY)) as PrepareState | undefined) ?? null, null, []);

export { progressOf, type PrepareState } from '../offline/prepare-state';

/** The state of this teacher and school, or undefined when none was made. */
export function useOfflineCopy(): PrepareState | undefined {
  useSnapshot(session);
  const state = usePrepareRow() ?? undefined;
  return state && state.scope === currentScope() ? state : undefined;
}

/** Mounted once in the shell: with a copy on this device, loads the keeper (offline-copy.ts) and starts it. */
export function useOfflineCopyKeeper(): void {
  const hasCopy = Boolean(usePrepareRow());
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
