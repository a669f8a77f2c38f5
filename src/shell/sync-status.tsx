/**
 * Where the teacher stands, always visible in the header: online or offline, how many changes wait,
 * and how many were refused. The panel behind the button ('Nu verzenden', 'Niet verzonden', the
 * offline copy) loads on its first tap (sync-status-panel.tsx).
 */
import { useStorageNotice } from '../data/storage-notice';
import { useSyncStatus } from '../data/use-sync-status';
import { progressOf, useOfflineCopy, useOfflineCopyKeeper } from '../data/offline-copy-state';
import { onFirstTap } from '../ui/on-first-tap';
import { SyncButton } from './header-buttons';

const Panel = onFirstTap(async () => (await import('./sync-status-panel')).SyncStatusPanel);

export function SyncStatus() {
  const { online, waiting, failed } = useSyncStatus();
  useStorageNotice(waiting);
  useOfflineCopyKeeper();
  const copy = useOfflineCopy();
  const figures = { online, waiting, failed: failed.length, preparing: copy?.status === 'running' ? progressOf(copy).percent : null };
  return (
    <Panel
      plain={({ onTap, onPreload }) => <SyncButton {...figures} onClick={onTap} onPointerDown={onPreload} />}
      props={{ ...figures, failedEntries: failed }}
    />
  );
}
