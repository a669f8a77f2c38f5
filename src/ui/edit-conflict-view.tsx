/**
 * A colleague's change and the teacher's, field by field, with her choice (issue 36): shown in the
 * form when the refusal comes back while it is open, and in 'Niet verzonden'.
 */
import './mantine-styles-more';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

/** How a value reads for the teacher; a form passes its own for ids (classes, modules, teachers). */
type FormatValue = (field: string, value: unknown) => string | undefined;

/** What the view shows of a conflict (src/data/edit-conflicts.ts has the whole of it). */
interface ShownConflict {
  message: string;
  fields: readonly { field: string; label: string; mine: unknown; theirs: unknown }[];
}

const LEVEL_FIELDS = new Set(['studyLevel', 'defaultStudyLevel']);

function formatValue(field: string, value: unknown, format?: FormatValue, levels: Record<string, string> = {}): string {
  const own = format?.(field, value);
  if (own !== undefined) return own;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '(leeg)';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nee';
  if (field === 'active' && (value === 0 || value === 1)) return value ? 'Ja' : 'Nee';
  if (LEVEL_FIELDS.has(field) && typeof value === 'string') return levels[value] ?? value;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

export interface EditConflictViewProps {
  conflict: ShownConflict;
  format?: FormatValue;
  /** The level labels of the configuration (study_levels). */
  levels?: Record<string, string>;
  onKeepMine(): Promise<unknown>;
  onKeepTheirs(): Promise<unknown>;
}

export function EditConflictView({ conflict, format, levels, onKeepMine, onKeepTheirs }: EditConflictViewProps) {
  const [busy, setBusy] = useState(false);
  const run = async (choice: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await choice();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert" data-testid="edit-conflict">
      <Stack gap="xs">
        <Text c="dark.9">{conflict.message}</Text>
        <Table withTableBorder aria-label="Wijzigingen van jou en je collega">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Veld</Table.Th>
              <Table.Th>Jouw wijziging</Table.Th>
              <Table.Th>Wijziging van je collega</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflict.fields.map((f) => (
              <Table.Tr key={f.field}>
                <Table.Td>{f.label}</Table.Td>
                <Table.Td>{formatValue(f.field, f.mine, format, levels)}</Table.Td>
                <Table.Td>{formatValue(f.field, f.theirs, format, levels)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          <Button disabled={busy} onClick={() => void run(onKeepMine)}>
            Mijn wijziging toch opslaan
          </Button>
          <Button variant="default" disabled={busy} onClick={() => void run(onKeepTheirs)}>
            Wijziging van collega houden
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
