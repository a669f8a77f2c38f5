/**
 * Invitations of other schools to this account (issue 29.1), in the avatar menu: a school sees
 * nothing of her until she accepts here (or by the link of the e-mail).
 */
import '../ui/mantine-styles-more';
import { useState } from 'react';
import { Button, Group, Menu, Text } from '@mantine/core';
import { api } from '../api/catalogue';
import { ApiCallError } from '../api/request';
import { useRead } from '../data/use-read';
import { useWrite } from '../data/use-write';

export function SchoolInvitations() {
  const invitations = useRead(api.session.pendingInvitations);
  const accept = useWrite(api.session.acceptSchoolInvitation);
  const decline = useWrite(api.session.declineSchoolInvitation);
  const [note, setNote] = useState<string | null>(null);
  const list = invitations.data ?? [];
  if (list.length === 0 && !note) return null;

  const answer = async (send: typeof accept.send, id: number) => {
    try {
      const outcome = await send({ params: { id } });
      if (!outcome.queued) setNote(outcome.answer.message);
      await invitations.reload();
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      setNote(err.message);
    }
  };

  return (
    <>
      <Menu.Label>Uitnodigingen</Menu.Label>
      {list.map((inv) => (
        <div key={inv.organisationId} style={{ padding: '4px 12px 8px' }}>
          <Text size="sm">
            <strong>{inv.organisationName}</strong> nodigt je uit als docent.
          </Text>
          <Group gap="xs" mt={4}>
            <Button size="xs" onClick={() => void answer(accept.send, inv.organisationId)} loading={accept.busy}>
              Aannemen
            </Button>
            <Button size="xs" variant="default" onClick={() => void answer(decline.send, inv.organisationId)} loading={decline.busy}>
              Afwijzen
            </Button>
          </Group>
        </div>
      ))}
      {note && (
        <Text size="sm" px="sm" pb="xs" role="status">
          {note}
        </Text>
      )}
      <Menu.Divider />
    </>
  );
}
