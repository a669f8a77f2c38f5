/**
 * Changes of a teacher who is not signed in, held on a shared tablet (src/offline/row-scope.ts):
 * the sign-in page counts them, never shows them, and deletes them only when asked explicitly.
 */
import { parseScope } from '../offline/row-scope';
import { loadOfflineDb } from './session';

/** Deletes the queued and refused changes of every teacher but `keep` (null: of everyone). */
export async function discardOthersChanges(keep: number | null): Promise<number> {
  const [db, { withLock }, { REPLAY_LOCK }] = await Promise.all([loadOfflineDb(), import('../offline/locks'), import('../offline/outbox')]);
  // Under the replayer's lock: no row is deleted while it is on its way.
  const deleted = await withLock(REPLAY_LOCK, () =>
    db.outbox
      .filter((e) => {
        const bound = parseScope(e.scope);
        return bound !== null && bound.userId !== keep && (e.state === 'waiting' || e.state === 'sending' || e.state === 'failed');
      })
      .delete(),
  );
  return deleted ?? 0;
}

/** The school a queued change was made in (its scope), for the 'Niet verzonden' list. */
export const schoolOfEntry = (scope: string): number | undefined => parseScope(scope)?.organisationId;
