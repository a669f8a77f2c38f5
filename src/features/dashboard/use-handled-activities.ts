/**
 * The 'Afgehandeld' ticks of the activity table, kept per teacher on this device (localStorage, so
 * they survive a reload, leaving the page and an offline start). Only activity ids are stored, no
 * names. The spec has no call for them, so they are not shared between devices.
 */
import { useCallback, useState } from 'react';
import { HANDLED_ACTIVITIES_KEY } from '../../constants';

/** Enough for months of a busy class; the oldest ticks go first. */
const MAX_KEPT = 1000;

function load(userId: number | undefined): ReadonlySet<number> {
  if (userId === undefined) return new Set();
  try {
    const ids = JSON.parse(localStorage.getItem(HANDLED_ACTIVITIES_KEY + userId) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

function save(userId: number, ids: ReadonlySet<number>): void {
  try {
    localStorage.setItem(HANDLED_ACTIVITIES_KEY + userId, JSON.stringify([...ids].slice(-MAX_KEPT)));
  } catch {
    // Storage full or blocked: the ticks stay for this visit.
  }
}

export function useHandledActivities(userId: number | undefined) {
  const [state, setState] = useState(() => ({ userId, ids: load(userId) }));
  // Another teacher signed in on this page: her own ticks.
  const ids = state.userId === userId ? state.ids : load(userId);
  if (state.userId !== userId) setState({ userId, ids });

  const setHandled = useCallback(
    (id: number, on: boolean) =>
      setState((s) => {
        const next = new Set(s.ids);
        next.delete(id);
        if (on) next.add(id);
        if (s.userId !== undefined) save(s.userId, next);
        return { ...s, ids: next };
      }),
    [],
  );
  return { handled: ids, setHandled };
}
