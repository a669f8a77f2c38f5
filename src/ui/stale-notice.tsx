/** Shown when a screen's data could not be refreshed: 'Laatst bijgewerkt 10:42'. */
import { Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { formatRecent } from '../lib/dates';

export function StaleNotice({ stale, updatedAt }: { stale: boolean; updatedAt: number | null }) {
  if (!stale || !updatedAt) return null;
  return (
    <Text size="sm" c="dimmed" role="status" style={{ display: 'flex', alignItems: 'center', gap: 6 }} data-testid="stale-notice">
      <IconClockExclamation size={16} aria-hidden="true" />
      Laatst bijgewerkt {formatRecent(updatedAt)}
    </Text>
  );
}
