/**
 * The sync status's panel (loaded on the first tap of its button, sync-status.tsx): which changes
 * were refused ('Niet verzonden'), with 'Nu verzenden'; and 'Offline beschikbaar maken'.
 */
import '../ui/mantine-styles-more';
import { Button, Divider, Popover, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { plural } from '../lib/plural';
import { sendNow, type OutboxEntry } from '../data/use-sync-status';
import { SyncButton, type SyncFigures } from './header-buttons';
import { UnsentChanges } from './unsent-changes';
import { OfflineCopyPanel } from './offline-copy';

export function SyncStatusPanel({ failedEntries: failed, ...figures }: SyncFigures & { failedEntries: OutboxEntry[] }) {
  const { online: network, expired, waiting } = figures;
  const online = network && !expired;
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
      {/* At most the screen less a margin: 340 px reached past a 320 px phone (issue 30). */}
      <Popover position="bottom-end" width="min(340px, calc(100vw - 32px))" withArrow opened={open} onChange={setOpen}>
        <Popover.Target>
          <SyncButton {...figures} onClick={() => setOpen((o) => !o)} />
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="status" aria-live="polite">
            <Text fw={700}>{online ? 'Online' : expired ? 'Sessie verlopen' : 'Offline'}</Text>
            {expired && (
              <Text size="sm">Je bent niet meer ingelogd. Je wijzigingen blijven bewaard en worden verzonden zodra je opnieuw inlogt.</Text>
            )}
            {!network && <Text size="sm">Je werkt offline. Wijzigingen worden bewaard en verzonden zodra er weer verbinding is.</Text>}
            <Text size="sm" data-testid="sync-waiting">
              {waiting ? `${plural(waiting, 'wijziging wacht', 'wijzigingen wachten')} op verzending.` : 'Er wachten geen wijzigingen.'}
            </Text>
            {waiting > 0 && !expired && (
              <Button onClick={() => void send()} loading={sending}>
                Nu verzenden
              </Button>
            )}
            {failed.length > 0 && (
              <Button
                color="red.9"
                variant="outline"
                leftSection={<IconAlertTriangle size={18} aria-hidden="true" />}
                onClick={() => {
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
