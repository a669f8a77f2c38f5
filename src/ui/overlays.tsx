/**
 * The notifications and modals host (@mantine/notifications, @mantine/modals, Modal, FocusTrap and
 * floating-ui; their weight is in docs/performance.md), loaded only when the first dialog is asked for or the first notification
 * is shown: most page loads show neither, and a cheap tablet would otherwise download and parse it all
 * after every first paint.
 */
import { startTransition, useEffect, useState } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { onOverlaysWanted } from './overlays-ready';
import { loader, useLoaded } from './use-loaded';

const host = loader(async () => (await import('./overlays-host')).OverlaysHost);

const anyNotification = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

export function Overlays() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => startTransition(() => setWanted(true));
    // notifications.show() only fills Mantine's store; the host shows what is there once it mounts.
    const offStore = notificationsStore.subscribe(() => anyNotification() && want());
    const offWanted = onOverlaysWanted(want);
    if (anyNotification()) want();
    return () => {
      offStore();
      offWanted();
    };
  }, []);
  // Not lazy() and Suspense: see use-loaded.ts.
  const { value: OverlaysHost } = useLoaded(host, wanted);
  return OverlaysHost ? <OverlaysHost /> : null;
}
