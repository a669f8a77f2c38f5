/** Bulk actions on the selected students (part 1 §4): runs only with an action and a selection. */
import '../../ui/mantine-styles-more';
import { Button, Group, Select, Text } from '@mantine/core';
import { students } from '../../lib/plural';
import { BULK_ACTIONS, canRunBulk, type BulkAction } from './class-rules';

export interface BulkBarProps {
  action: BulkAction | null;
  onAction: (action: BulkAction | null) => void;
  selected: number;
  busy: boolean;
  onRun: () => void;
}

export function BulkBar({ action, onAction, selected, busy, onRun }: BulkBarProps) {
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Actie voor de geselecteerde leerlingen"
        placeholder="Kies een actie"
        data={BULK_ACTIONS}
        value={action}
        onChange={(v) => onAction((v as BulkAction | null) ?? null)}
        style={{ flex: '0 1 380px' }}
      />
      <Button onClick={onRun} disabled={!canRunBulk(action, selected)} loading={busy}>
        Uitvoeren
      </Button>
      <Text size="sm" aria-live="polite" mb={12}>
        {selected === 0 ? 'Geen leerlingen geselecteerd' : `${students(selected)} geselecteerd`}
      </Text>
    </Group>
  );
}
