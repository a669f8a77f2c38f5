/**
 * Safari (every browser on an iPad) deletes a site's IndexedDB after 7 days without use unless the
 * app is on the home screen; queued changes would go with it. When the browser did not grant
 * persistent storage and changes wait, the teacher is told once what to do: a notice, not a
 * permanent line in a menu (docs/offline.md, "iPad").
 */
import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useSnapshot } from 'valtio';
import { swState } from './service-worker';
import { STORAGE_NOTICE_DELAY_MS, STORAGE_NOTICE_KEY, STORAGE_NOTICE_SHOWN_MS } from '../constants';

export const STORAGE_NOTICE_TITLE = 'Je wijzigingen staan alleen op dit apparaat';
const STORAGE_NOTICE =
  'Zet de Docentenomgeving op het beginscherm (in Safari: deelknop, "Zet op beginscherm") en open de app regelmatig. Safari wist de gegevens van een website die 7 dagen niet is gebruikt, ook wijzigingen die nog niet verzonden zijn.';

function shouldTellAboutStorage(persisted: boolean | null, waiting: number, told: boolean): boolean {
  return persisted === false && waiting > 0 && !told;
}

export function useStorageNotice(waiting: number, delayMs = STORAGE_NOTICE_DELAY_MS): void {
  const { persisted } = useSnapshot(swState);
  const someWait = waiting > 0;
  useEffect(() => {
    if (!shouldTellAboutStorage(persisted, someWait ? 1 : 0, localStorage.getItem(STORAGE_NOTICE_KEY) !== null)) return;
    // Shown only when changes have waited for a while: a change on its way online is no reason.
    const timer = setTimeout(() => {
      if (localStorage.getItem(STORAGE_NOTICE_KEY) !== null) return;
      localStorage.setItem(STORAGE_NOTICE_KEY, String(Date.now()));
      notifications.show({
        id: 'storage-notice',
        title: STORAGE_NOTICE_TITLE,
        message: STORAGE_NOTICE,
        autoClose: STORAGE_NOTICE_SHOWN_MS,
        closeButtonProps: { 'aria-label': 'Melding sluiten' },
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [persisted, someWait, delayMs]);
}
