/**
 * The notifications and modals host mounts after the first paint (see overlays.tsx); a dialog asked
 * for before then waits for it instead of being lost.
 */
let markMounted: () => void = () => undefined;

export const overlaysReady = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function overlaysMounted(): void {
  markMounted();
}
