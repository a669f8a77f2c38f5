/**
 * The notifications and modals host mounts when it is first needed (see overlays.tsx): a dialog asked
 * for waits for it instead of being lost, and a notification shown before it waits in Mantine's store.
 */
let markMounted: () => void = () => undefined;

const overlaysReady = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function overlaysMounted(): void {
  markMounted();
}

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the host (a dialog is about to open); resolves once it is mounted. */
export function requestOverlays(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return overlaysReady;
}

/** Calls `listener` once the host is asked for (at once if it already was); returns the unsubscribe. */
export function onOverlaysWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
