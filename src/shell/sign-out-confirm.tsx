/**
 * 'Uitloggen' with changes waiting asks first (issue 36): they stay on this tablet and leave only
 * when she signs in here again (a colleague's sign-in never sends them), so she may rather send them
 * now, sign out and keep them, or stay.
 */
import '../ui/mantine-styles-more';
import { useState } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { getOutboxCounts } from '../data/local-store';
import { sendNow } from '../data/use-sync-status';

export function waitingSentence(n: number): string {
  return n === 1 ? 'Er wacht nog 1 wijziging op verzending.' : `Er wachten nog ${n} wijzigingen op verzending.`;
}

export interface SignOutConfirmProps {
  userId: number;
  waiting: number;
  onSignOut: () => void;
  onCancel: () => void;
}

export function SignOutConfirm({ userId, waiting: initial, onSignOut, onCancel }: SignOutConfirmProps) {
  const [waiting, setWaiting] = useState(initial);
  const [sending, setSending] = useState(false);
  const [notAll, setNotAll] = useState(false);
  const online = navigator.onLine;

  const sendAndSignOut = async () => {
    setSending(true);
    try {
      await sendNow();
    } catch {
      // Counted below: what did not leave still waits.
    }
    const left = (await getOutboxCounts(userId).catch(() => ({ waiting }))).waiting;
    setSending(false);
    if (left === 0) return onSignOut();
    setWaiting(left);
    setNotAll(true);
  };

  return (
    <Modal opened onClose={onCancel} title="Uitloggen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text>{waitingSentence(waiting)}</Text>
        <Text size="sm">
          Log je nu uit, dan blijven ze op deze tablet bewaard. Ze worden pas verzonden als jij hier weer inlogt; een andere docent kan ze
          niet verzenden.
        </Text>
        {notAll && (
          <Alert color="yellow" variant="light" role="alert">
            Niet alles kon worden verzonden: er is nu geen verbinding met de server.
          </Alert>
        )}
        {online && (
          <Button onClick={() => void sendAndSignOut()} loading={sending}>
            Nu verzenden en uitloggen
          </Button>
        )}
        <Button variant="default" onClick={onSignOut} disabled={sending}>
          Uitloggen en later verzenden
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Annuleren
        </Button>
      </Stack>
    </Modal>
  );
}
