import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { OutboxEntry } from '../offline/db';
import { discardEntry, retryEntry } from '../offline/outbox';
import { offlineDb } from './offline-db';
import { replayNow } from './outbox-client';

export type { OutboxEntry };

export interface SyncStatus {
  online: boolean;
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
  const waiting = useLiveQuery(() => offlineDb.outbox.where('state').anyOf('waiting', 'sending').count(), [], 0);
  const failed = useLiveQuery(() => offlineDb.outbox.where('state').equals('failed').sortBy('seq'), [], []);
  return { online, waiting, failed };
}

export const sendNow = () => replayNow(true);
export const retryChange = async (seq: number) => {
  await retryEntry(offlineDb, seq);
  await replayNow(true);
};
export const discardChange = (seq: number) => discardEntry(offlineDb, seq);
