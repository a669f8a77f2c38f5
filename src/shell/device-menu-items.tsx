/** Avatar-menu items about this tablet: notifications (tap to allow), whether storage is kept, the offline copy. */
import '../ui/mantine-styles-more';
import { Menu, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { IconBell, IconDatabase } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { enableNotifications, setPushEnabled, swState } from '../data/service-worker';
import { OfflineCopyMenuItems } from './offline-copy';

export function DeviceMenuItems() {
  const { notifications, persisted, push } = useSnapshot(swState);
  const [pushError, setPushError] = useState<string | null>(null);
  const togglePush = async (on: boolean) => {
    setPushError(null);
    try {
      await setPushEnabled(on);
    } catch {
      setPushError('Dit lukt alleen met een internetverbinding.');
    }
  };
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
      {notifications === 'granted' && push !== 'unsupported' && (
        <div style={{ padding: '6px 12px' }}>
          <Switch
            label="Meldingen ook als de app gesloten is"
            checked={push === 'on'}
            onChange={(e) => void togglePush(e.currentTarget.checked)}
            size="md"
            styles={{ root: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
          />
          {pushError && (
            <Text size="sm" c="red.9" role="alert">
              {pushError}
            </Text>
          )}
        </div>
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
      <OfflineCopyMenuItems />
      <Menu.Divider />
    </>
  );
}
