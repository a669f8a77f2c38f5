/** 'Nieuwe versie beschikbaar': a waiting service worker takes over only when the teacher says so. */
import { Button, Group, Text } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { applyUpdate, swState } from '../data/service-worker';

export function UpdatePrompt() {
  const { updateWaiting } = useSnapshot(swState);
  if (!updateWaiting) return null;
  return (
    <Group justify="center" bg="blue.0" py={6} role="status" gap="md">
      <Text size="sm">Nieuwe versie beschikbaar.</Text>
      <Button size="sm" onClick={applyUpdate}>
        Opnieuw laden
      </Button>
    </Group>
  );
}
