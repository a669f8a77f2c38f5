/**
 * useLiveQuery of dexie-react-hooks, but each new answer renders as a transition: React renders it in
 * slices of a few milliseconds and yields to the browser between them, instead of one long task per
 * answer. On a cheap tablet a page's rows arriving from IndexedDB were the longest tasks of its load
 * (Lighthouse's total blocking time). Like useLiveQuery, it keeps the last answer while the next one
 * for new deps is read, and throws a query's error during render for an error boundary.
 */
import { liveQuery } from 'dexie';
import { startTransition, useEffect, useState, type DependencyList } from 'react';

export function useLive<T>(querier: () => T | Promise<T>, deps: DependencyList, initial?: T): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({ value: initial, error: null });
  useEffect(() => {
    const sub = liveQuery(querier).subscribe({
      next: (value) => startTransition(() => setState((s) => (s.value === value && s.error === null ? s : { value, error: null }))),
      error: (error: unknown) => startTransition(() => setState((s) => ({ value: s.value, error }))),
    });
    return () => sub.unsubscribe();
    // The caller's deps stand for the querier, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (state.error !== null) throw state.error;
  return state.value;
}
