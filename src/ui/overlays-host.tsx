/** Where notifications and modals render; loaded lazily by overlays.tsx. */
// With the host, not in app/mantine-styles.ts: notifications render nowhere else. Neither file is
// overridden by the app's own CSS, so loading after it does not change the cascade.
import './mantine-styles-more';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { overlaysMounted } from './overlays-ready';

export function OverlaysHost() {
  useEffect(overlaysMounted, []);
  // modals.* and notifications.* talk to these through events and a store, so they need not wrap the app.
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider labels={{ confirm: 'Bevestigen', cancel: 'Annuleren' }} />
    </>
  );
}
