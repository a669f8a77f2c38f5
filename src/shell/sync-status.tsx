/**
 * Where the teacher stands, always visible in the header: online or offline, how many changes wait,
 * and how many were refused. The panel behind the button ('Nu verzenden', 'Niet verzonden', the
 * offline copy) loads on its first tap (sync-status-panel.tsx).
 */
import { useSnapshot } from 'valtio';
import { useOutboxMarker } from '../data/lost-outbox';
import { session } from '../data/session';
import { useStorageNotice } from '../data/storage-notice';
import { useSyncStatus } from '../data/use-sync-status';
import { progressOf, useOfflineCopy, useOfflineCopyKeeper } from '../data/offline-copy-state';
import { onFirstTap } from '../ui/on-first-tap';
import { SyncButton } from './header-buttons';

const Panel = onFirstTap(async () => (await import('./sync-status-panel')).SyncStatusPanel);

export function SyncStatus() {
  const { online, waiting, failed, expired, known } = useSyncStatus();
  const userId = useSnapshot(session).user?.id ?? null;
  useStorageNotice(waiting);
  // Once per start: were changes lost with a database the browser cleared (src/data/lost-outbox.ts)?
  useOutboxMarker(userId, known ? waiting + failed.length : null);
  useOfflineCopyKeeper();
  const copy = useOfflineCopy();
  const figures = {
    online,
    expired,
    waiting,
    failed: failed.length,
    preparing: copy?.status === 'running' ? progressOf(copy).percent : null,
  };
  return (
    <Panel
      plain={({ onTap, onPreload }) => <SyncButton {...figures} onClick={onTap} onPointerDown={onPreload} />}
      props={{ ...figures, failedEntries: failed }}
    />
  );
}
