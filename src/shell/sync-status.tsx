/**
 * Where the teacher stands, always visible in the header: online or offline, how many changes wait,
 * and which were refused ('Niet verzonden'), with 'Nu verzenden'; and 'Offline beschikbaar maken'.
 */
import { Badge, Button, Divider, Popover, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconCloudCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { plural } from '../lib/plural';
import { useStorageNotice } from '../data/storage-notice';
import { sendNow, useSyncStatus } from '../data/use-sync-status';
import { UnsentChanges } from './unsent-changes';
import { OfflineCopyPanel } from './offline-copy';
import { progressOf, useOfflineCopy, useOfflineCopyKeeper } from '../data/offline-copy';

export function SyncStatus() {
  const { online, waiting, failed } = useSyncStatus();
  useStorageNotice(waiting);
  useOfflineCopyKeeper();
  const copy = useOfflineCopy();
  const preparing = copy?.status === 'running' ? progressOf(copy).percent : null;
  const [sending, setSending] = useState(false);
  const [showUnsent, setShowUnsent] = useState(false);
  const [open, setOpen] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sendNow();
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Popover position="bottom-end" width={340} withArrow opened={open} onChange={setOpen}>
        <Popover.Target>
          <Button
            onClick={() => setOpen((o) => !o)}
            variant="default"
            leftSection={
              online ? (
                <IconCloudCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden="true" />
              ) : (
                <IconCloudOff size={20} color="var(--mantine-color-gray-8)" aria-hidden="true" />
              )
            }
            rightSection={failed.length ? <Badge color="red" aria-label={`${failed.length} niet verzonden`}>{failed.length}</Badge> : undefined}
            data-testid="sync-status"
          >
            {online ? (waiting ? `${waiting} wachten` : preparing !== null ? `Klaarzetten ${preparing}%` : 'Online') : 'Offline'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="status" aria-live="polite">
            <Text fw={700}>{online ? 'Online' : 'Offline'}</Text>
            {!online && <Text size="sm">Je werkt offline. Wijzigingen worden bewaard en verzonden zodra er weer verbinding is.</Text>}
            <Text size="sm" data-testid="sync-waiting">
              {waiting ? `${plural(waiting, 'wijziging wacht', 'wijzigingen wachten')} op verzending.` : 'Er wachten geen wijzigingen.'}
            </Text>
            {waiting > 0 && (
              <Button onClick={() => void send()} loading={sending}>
                Nu verzenden
              </Button>
            )}
            {failed.length > 0 && (
              <Button color="red.9" variant="outline" leftSection={<IconAlertTriangle size={18} aria-hidden="true" />} onClick={() => {
                  // The popover would sit above the dialog and catch its taps.
                  setOpen(false);
                  setShowUnsent(true);
                }}
              >
                Niet verzonden ({failed.length})
              </Button>
            )}
            <Divider />
            <OfflineCopyPanel />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <UnsentChanges opened={showUnsent} onClose={() => setShowUnsent(false)} entries={failed} />
    </>
  );
}
