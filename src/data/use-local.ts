/**
 * A read of the shared IndexedDB (./local-store.ts) that follows its changes (./local-changes.ts):
 * read at mount and again whenever one of `stores` changes. Each new answer renders as a transition:
 * React renders it in slices of a few milliseconds and yields to the browser between them, instead
 * of one long task per answer (on a cheap tablet a page's rows arriving from IndexedDB were the
 * longest tasks of its load). It keeps the last answer while the one for new deps is read, and throws
 * a read's error during render for an error boundary.
 */
import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { onLocalChange, type StoreName } from './local-changes';

export function useLocal<T>(stores: readonly StoreName[], read: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({ value: undefined, error: null });
  useEffect(() => {
    let live = true;
    // One read at a time; a change heard meanwhile reads once more when it is done.
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        try {
          const value = await read();
          if (live) startTransition(() => setState((s) => (s.value === value && s.error === null ? s : { value, error: null })));
        } catch (error) {
          if (live) startTransition(() => setState((s) => ({ value: s.value, error })));
        }
      } while (again && live);
      running = false;
    };
    const stop = onLocalChange((changed) => {
      if (stores.some((s) => changed.has(s))) void run();
    });
    void run();
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
