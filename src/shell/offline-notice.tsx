/**
 * The band under the header while the browser has no network. Its own small module (no Dexie, no
 * Popover): it is part of the first screen of an offline start, not of the sync status's menu.
 */
import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOnline } from '../ui/use-online';

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Group justify="center" bg="gray.8" c="white" py={6} role="status">
      <IconCloudOff size={18} aria-hidden="true" />
      <Text size="sm">Geen verbinding. Je ziet de laatst bekende gegevens; wijzigingen worden later verzonden.</Text>
    </Group>
  );
}
