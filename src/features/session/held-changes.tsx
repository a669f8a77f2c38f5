/**
 * The held changes' count and what she can do with it, followed through dexie-react-hooks'
 * useLiveQuery: a count that renders as it is (no rows, so none of the reasons `useLocal` has for its
 * transitions), in a chunk that loads only when there are held changes, so Dexie is never part of an
 * empty sign-in page.
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { outboxCounts } from '../../data/live-reads';
import { withinReadTimeout } from '../../data/local-store';
import { offlineDb } from '../../data/offline-db';
import { deferred } from '../../ui/deferred';

const DiscardDialog = deferred(
  async () => (await import('./discard-held-dialog')).DiscardHeldDialog,
  (run) => (run(), () => undefined),
);

function heldSentence(n: number): string {
  return n === 1
    ? 'Op deze tablet wacht nog 1 wijziging van een andere docent. Die wordt verzonden zodra die docent hier inlogt.'
    : `Op deze tablet wachten nog ${n} wijzigingen van een andere docent. Ze worden verzonden zodra die docent hier inlogt.`;
}

export function HeldChanges() {
  // Signed out: every change bound to a teacher is another teacher's. A read held up by another
  // connection answers 0 after 4 s (issue 36 item 5), and is read again at the next change.
  const others = useLiveQuery(async () => (await withinReadTimeout(outboxCounts(offlineDb, null), null))?.others ?? 0, [], 0);
  const [asking, setAsking] = useState(false);
  if (others === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconClockPause aria-hidden="true" />} data-testid="held-changes">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{heldSentence(others)}</Text>
        <Button size="sm" variant="subtle" color="red" onClick={() => setAsking(true)}>
          Wijzigingen van een andere docent verwijderen
        </Button>
      </Stack>
      {asking && <DiscardDialog count={others} onClose={() => setAsking(false)} />}
    </Alert>
  );
}
