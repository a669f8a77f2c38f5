import { useEffect, useState } from 'react';
import type { OutboxEntry } from '../offline/schema';
import { getOutboxCounts, type OutboxCounts } from './local-store';
import { loadOfflineDb } from './session';
import { startReplayer } from './replayer';
import { useLocal } from './use-local';

export type { OutboxEntry };

export interface SyncStatus {
  online: boolean;
  waiting: number;
  failed: OutboxEntry[];
}

const NONE: OutboxCounts = { waiting: 0, failed: [] };

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
  // Read raw (./local-store.ts): the header needs no Dexie to count.
  const { waiting, failed } = useLocal(['outbox'], getOutboxCounts, []) ?? NONE;
  return { online, waiting, failed };
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
