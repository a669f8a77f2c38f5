/** 'Niet verzonden': changes the server refused, with its reason; the teacher retries or discards. */
import '../ui/mantine-styles-more';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OutboxEntry } from '../data/use-sync-status';
import { formatDateTime } from '../lib/dates';
import { discardChange, retryChange } from '../data/use-sync-status';
import { conflictOfEntry, keepMine, keepTheirs } from '../data/edit-conflicts';
import { session } from '../data/session';
import { EditConflictView } from '../ui/edit-conflict-view';

export function UnsentChanges({ opened, onClose, entries }: { opened: boolean; onClose: () => void; entries: OutboxEntry[] }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Niet verzonden" size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        {entries.length === 0 && <Text>Alle wijzigingen zijn verzonden.</Text>}
        {entries.map((e) => {
          // A colleague changed the same field: both values and her choice, not a retry that clashes again.
          const conflict = conflictOfEntry(e);
          return (
          <Stack key={e.seq} gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-red-3)', borderRadius: 8 }} data-testid="unsent-entry">
            <Text fw={700}>{e.label}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(new Date(e.createdAt))}
            </Text>
            {conflict ? (
              <EditConflictView conflict={conflict} levels={session.config.study_levels} onKeepMine={() => keepMine(conflict).catch(() => undefined)} onKeepTheirs={() => keepTheirs(conflict)} />
            ) : (
              <>
            <Text size="sm">Reden: {e.error?.message ?? 'onbekend'}</Text>
            {Object.entries(e.error?.errors ?? {}).map(([field, message]) => (
              <Text size="sm" key={field}>
                {message}
              </Text>
            ))}
            <Group>
              <Button variant="light" onClick={() => void retryChange(e.seq as number)}>
                Opnieuw proberen
              </Button>
              <Button color="red" variant="subtle" onClick={() => void discardChange(e.seq as number)}>
                Verwijderen
              </Button>
            </Group>
              </>
            )}
          </Stack>
          );
        })}
      </Stack>
    </Modal>
  );
}
