/**
 * Renders a lazily loaded component once the first paint is done and the main thread has a moment,
 * with nothing in its place before. For what the first screen does not need (menus, notices, the
 * notifications host): it keeps their code, and the libraries behind it, out of the initial load,
 * and their loading and first render out of the way of the page's own first render.
 */
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { loader, useLoaded } from './use-loaded';
import { DEFERRED_IDLE_TIMEOUT_MS } from '../constants';

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: DEFERRED_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}

/** For what only matters once the page moves (back to top): the first scroll, with nothing before. */
export function onFirstScroll(run: () => void): () => void {
  const once = () => {
    window.removeEventListener('scroll', once);
    run();
  };
  window.addEventListener('scroll', once, { passive: true });
  return () => window.removeEventListener('scroll', once);
}

/** `when` starts the load and returns its cancel; by default when the main thread is idle. */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  when: (run: () => void) => () => void = whenIdle,
): ComponentType<P> {
  const component = loader(load);
  function Deferred(props: P) {
    const [wanted, setWanted] = useState(component.value !== null);
    // A transition, so its first render yields to the page's input and frames.
    useEffect(() => when(() => startTransition(() => setWanted(true))), []);
    // Not lazy() and Suspense: see use-loaded.ts. A part that cannot load stays away, as before it loaded.
    const { value: Loaded } = useLoaded(component, wanted);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Deferred;
}
