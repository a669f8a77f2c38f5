/**
 * A lazily loaded module part (a page, a menu, the notifications host) as state instead of React's
 * lazy() and Suspense. A Suspense boundary that showed its fallback holds back what it reveals until
 * 300 ms after that fallback (React's fallback throttle), and then commits everything revealed in the
 * meantime in one task: on a signed-in load that was the page, the shell's deferred parts and their
 * first rows together, the longest task of the load on a slow tablet (issue 17), and a menu opened by a
 * first tap appeared a third of a second late. Here the loaded part renders in a transition of its own
 * as soon as it is there.
 */
import { startTransition, useEffect, useState } from 'react';

export interface Loader<T> {
  /** What the load resolved to, once it has. */
  value: T | null;
  /** Starts the load once; the same promise after that (a failed load may be tried again). */
  load(): Promise<T>;
}

export function loader<T>(load: () => Promise<T>): Loader<T> {
  let pending: Promise<T> | null = null;
  const self: Loader<T> = {
    value: null,
    load: () =>
      (pending ??= load().then(
        (value) => (self.value = value),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      )),
  };
  return self;
}

export interface Loaded<T> {
  value: T | null;
  /** The load failed (offline without the chunk, a new version removed it). */
  failed: boolean;
  retry(): void;
}

/** `wanted`: start loading now (false: not yet, e.g. before the first tap). */
export function useLoaded<T>(from: Loader<T>, wanted = true): Loaded<T> {
  const [value, setValue] = useState<T | null>(() => from.value);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || value !== null) return;
    let live = true;
    from.load().then(
      // A function as state must be wrapped: React would call it as an updater.
      (loaded) => live && startTransition(() => setValue(() => loaded)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [from, wanted, value, attempt]);
  return {
    value,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
