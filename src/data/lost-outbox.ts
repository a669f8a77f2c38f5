/**
 * The browser may clear IndexedDB (iPadOS and Android evict a site's storage) and keep localStorage:
 * the app opens signed in, but the changes that were waiting are gone. To tell her, the page keeps a
 * marker in localStorage per teacher: how many of her changes waited, and in which database (an id
 * kept in the database's `meta`). A signed-in start whose database has another id, or none, while
 * the marker counted changes, lost them: said once, in Dutch. A queue the worker drained with no
 * page open keeps its id, so that is never mistaken for a loss.
 */
import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { getMeta, putMeta } from './local-store';
import { OUTBOX_EPOCH_KEY, OUTBOX_MARKER_KEY } from '../constants';

export const LOST_OUTBOX_TITLE = 'Wijzigingen verloren gegaan';

function lostOutboxMessage(n: number): string {
  const lost = n === 1 ? 'is 1 wijziging verloren gegaan die nog niet was verzonden' : `zijn ${n} wijzigingen verloren gegaan die nog niet waren verzonden`;
  return `De browser heeft de opgeslagen gegevens van de Docentenomgeving op dit apparaat gewist. Daarbij ${lost}. Kijk je laatste wijzigingen na en voer ze zo nodig opnieuw in.`;
}

interface Marker {
  epoch: string;
  count: number;
}

function readMarker(userId: number): Marker | null {
  try {
    const m = JSON.parse(localStorage.getItem(OUTBOX_MARKER_KEY + userId) ?? 'null') as Marker | null;
    return m && typeof m.epoch === 'string' && typeof m.count === 'number' ? m : null;
  } catch {
    return null;
  }
}

/** Compares the marker with the database once, then makes sure the database has an id. */
async function checkAndMark(userId: number): Promise<string> {
  const epoch = await getMeta(OUTBOX_EPOCH_KEY);
  const marker = readMarker(userId);
  if (marker && marker.count > 0 && marker.epoch !== epoch) {
    notifications.show({ id: 'lost-outbox', color: 'red', title: LOST_OUTBOX_TITLE, message: lostOutboxMessage(marker.count), autoClose: false, closeButtonProps: { 'aria-label': 'Melding sluiten' } });
  }
  if (typeof epoch === 'string') return epoch;
  const fresh = crypto.randomUUID();
  await putMeta(OUTBOX_EPOCH_KEY, fresh);
  return fresh;
}

/**
 * `count`: the signed-in teacher's waiting and refused changes, null until known (or signed out).
 * The first known count is compared with the marker before the marker is rewritten.
 */
export function useOutboxMarker(userId: number | null, count: number | null): void {
  const epoch = useRef<{ userId: number; value: Promise<string> } | null>(null);
  useEffect(() => {
    if (userId === null || count === null) return;
    if (epoch.current?.userId !== userId) epoch.current = { userId, value: checkAndMark(userId) };
    void epoch.current.value.then(
      (value) => localStorage.setItem(OUTBOX_MARKER_KEY + userId, JSON.stringify({ epoch: value, count } satisfies Marker)),
      () => undefined,
    );
  }, [userId, count]);
}
