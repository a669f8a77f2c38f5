/** The notifications and modals host (~10 KB gz of @mantine/notifications and @mantine/modals), after the first paint. */
import { deferred } from './deferred';

export const Overlays = deferred(async () => (await import('./overlays-host')).OverlaysHost);
