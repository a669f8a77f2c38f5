/** Confirms deleting the changes of another teacher on a shared tablet, with their number. */
import '../../ui/mantine-styles-more';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { discardOthersChanges } from '../../data/held-changes';

export function DiscardHeldDialog({ count, onClose }: { count: number; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const what = count === 1 ? '1 wijziging' : `${count} wijzigingen`;
  const discard = async () => {
    setBusy(true);
    try {
      await discardOthersChanges(null);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title="Wijzigingen van een andere docent verwijderen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text>
          {what} van een andere docent {count === 1 ? 'wordt' : 'worden'} van deze tablet verwijderd en nooit verzonden. Dit kan niet
          ongedaan worden gemaakt.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuleren
          </Button>
          <Button color="red" loading={busy} onClick={() => void discard()}>
            {what} verwijderen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
