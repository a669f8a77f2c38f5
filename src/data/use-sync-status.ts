import { useEffect, useState } from 'react';
import type { OutboxEntry } from '../offline/schema';
import { NO_OUTBOX, outboxCounts } from './live-reads';
import { useSnapshot } from 'valtio';
import { loadOfflineDb, session } from './session';
import { startReplayer } from './replayer';
import { useLocal } from './use-local';

export type { OutboxEntry };

export interface SyncStatus {
  online: boolean;
  /** The session was refused (revoked elsewhere, expired): not 'Online', whatever the network says. */
  expired: boolean;
  /** The counts were read (false for the first moment of a page). */
  known: boolean;
  waiting: number;
  failed: OutboxEntry[];
}

/** Online/offline, how many changes wait and which were refused: for the header, always visible. */
export function useSyncStatus(): SyncStatus {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  // Only the signed-in teacher's own changes: a colleague's, held on a shared tablet, are not hers to
  // send, retry or read.
  const { user, expired } = useSnapshot(session);
  const userId = user?.id ?? null;
  const counts = useLocal((db) => outboxCounts(db, userId), NO_OUTBOX, [userId]);
  const { waiting, failed } = counts ?? NO_OUTBOX;
  return { online, waiting, failed, expired, known: counts !== undefined };
}

// A tap is a real need: these load the replayer and Dexie.
const outbox = () => Promise.all([loadOfflineDb(), import('../offline/outbox')]);

export const sendNow = async () => (await startReplayer()).replayNow(true);
export const retryChange = async (seq: number) => {
  const [db, { retryEntry }] = await outbox();
  await retryEntry(db, seq);
  await sendNow();
};
export const discardChange = async (seq: number) => {
  const [db, { discardEntry }] = await outbox();
  await discardEntry(db, seq);
};
