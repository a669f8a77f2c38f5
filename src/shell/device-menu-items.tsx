/** Avatar-menu items about this tablet: notifications (tap to allow) and whether storage is kept. */
import { Menu, Text } from '@mantine/core';
import { IconBell, IconDatabase } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { enableNotifications, swState } from '../data/service-worker';

export function DeviceMenuItems() {
  const { notifications, persisted } = useSnapshot(swState);
  return (
    <>
      {notifications === 'default' && (
        <Menu.Item leftSection={<IconBell size={18} aria-hidden="true" />} onClick={() => void enableNotifications()}>
          Meldingen aanzetten
        </Menu.Item>
      )}
      {notifications === 'granted' && (
        <Text size="sm" px="sm" py={6}>
          Meldingen staan aan.
        </Text>
      )}
      {notifications === 'denied' && (
        <Text size="sm" px="sm" py={6}>
          Meldingen zijn geblokkeerd in de instellingen van de browser.
        </Text>
      )}
      <Text size="sm" px="sm" py={6} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <IconDatabase size={16} aria-hidden="true" />
        {persisted ? 'Offline gegevens blijven bewaard op dit apparaat.' : 'Offline gegevens kunnen door de browser worden opgeruimd.'}
      </Text>
      <Menu.Divider />
    </>
  );
}
