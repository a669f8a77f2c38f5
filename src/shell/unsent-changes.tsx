/** 'Niet verzonden': changes the server refused, with its reason; the teacher retries or discards. */
import '../ui/mantine-styles-more';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OutboxEntry } from '../data/use-sync-status';
import { formatDateTime } from '../lib/dates';
import { discardChange, retryChange } from '../data/use-sync-status';
import { useSnapshot } from 'valtio';
import { session } from '../data/session';
import { schoolOfEntry } from '../data/held-changes';

/**
 * The school of a change made in another school than the current one (it is sent there, not here),
 * or refused because of its school: null otherwise.
 */
function otherSchool(e: OutboxEntry, currentId: number | undefined): string | null {
  const school = schoolOfEntry(e.scope);
  // The server puts the reason beside the message (server/http/errors.ts: extras at the top level).
  const body = e.error?.body as { reason?: string; error?: { reason?: string } } | null | undefined;
  const refusedForSchool = body?.reason === 'school' || body?.error?.reason === 'school';
  if (school === undefined || (school === currentId && !refusedForSchool)) return null;
  return e.organisationName ?? 'een andere school';
}
import { conflictOfEntry, keepMine, keepTheirs } from '../data/edit-conflicts';
import { EditConflictView } from '../ui/edit-conflict-view';

export function UnsentChanges({ opened, onClose, entries }: { opened: boolean; onClose: () => void; entries: OutboxEntry[] }) {
  const currentId = useSnapshot(session).user?.currentOrganisationId;
  return (
    <Modal opened={opened} onClose={onClose} title="Niet verzonden" size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        {entries.length === 0 && <Text>Alle wijzigingen zijn verzonden.</Text>}
        {entries.map((e) => {
          // A colleague changed the same field: both values and her choice, not a retry that clashes again.
          const conflict = conflictOfEntry(e);
          const school = otherSchool(e, currentId);
          return (
            <Stack
              key={e.seq}
              gap={4}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-red-3)', borderRadius: 8 }}
              data-testid="unsent-entry"
            >
              <Text fw={700}>{e.label}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(new Date(e.createdAt))}
              </Text>
              {school && <Text size="sm">Gemaakt voor {school}</Text>}
              {conflict ? (
                <EditConflictView
                  conflict={conflict}
                  levels={session.config.study_levels}
                  onKeepMine={() => keepMine(conflict).catch(() => undefined)}
                  onKeepTheirs={() => keepTheirs(conflict)}
                />
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
