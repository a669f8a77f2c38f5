/**
 * The sign-in page of a shared tablet: changes of a teacher who is not signed in wait here. Only
 * their number shows (whose they are and what they hold is hers); they leave when she signs in, or
 * go when someone deletes them explicitly, after a confirmation with the count.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { outboxCounts } from '../../data/live-reads';
import { getOutboxCounts } from '../../data/local-store';
import { useLocal } from '../../data/use-local';
import { deferred } from '../../ui/deferred';

const DiscardDialog = deferred(
  async () => (await import('./discard-held-dialog')).DiscardHeldDialog,
  (run) => (run(), () => undefined),
);

export function heldSentence(n: number): string {
  return n === 1
    ? 'Op deze tablet wacht nog 1 wijziging van een andere docent. Die wordt verzonden zodra die docent hier inlogt.'
    : `Op deze tablet wachten nog ${n} wijzigingen van een andere docent. Ze worden verzonden zodra die docent hier inlogt.`;
}

export function HeldChangesNotice() {
  // Counted once without Dexie (the sign-in page loads none for an empty outbox), then followed
  // through Dexie's liveQuery while there are some: they leave when their teacher signs in elsewhere.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let live = true;
    void getOutboxCounts(null).then((c) => live && setHeld(c.others > 0), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return held ? <HeldChanges /> : null;
}

function HeldChanges() {
  // Signed out: every change bound to a teacher is another teacher's.
  const others = useLocal(async (db) => (await outboxCounts(db, null)).others, 0, []) ?? 0;
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
