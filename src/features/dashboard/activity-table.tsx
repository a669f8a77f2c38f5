/** The activity table of the dashboard (part 1 §2): read mark, date, what happened, status. */
import { Anchor, Button, Center, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { Activity } from '../../api/types';
import { formatDateTime } from '../../lib/dates';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import { activityText } from './activity-feed';
import { CheckStatusCell } from './check-status';
import type { Decision } from './use-activity-feed';

export interface ActivityTableProps {
  rows: readonly Activity[];
  hasMore: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onDecide: (activity: Activity, decision: Decision) => void;
  /** Rows the teacher ticked off on screen (the checkbox column). */
  checked: ReadonlySet<number>;
  onCheck: (id: number, checked: boolean) => void;
}

export function ActivityTable({ rows, hasMore, loadingEarlier, onLoadEarlier, onDecide, checked, onCheck }: ActivityTableProps) {
  if (rows.length === 0) return <Text>Er zijn nog geen activiteiten in deze klas.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped aria-label="Activiteiten van de klas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Afgehandeld</Table.Th>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Activiteit</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} data-activity-id={a.id} data-target-id={a.targetId ?? undefined} data-read={a.read} style={a.read === 0 ? { fontWeight: 600 } : undefined}>
                <Table.Td>
                  <TouchCheckbox label={`Afgehandeld: ${a.userName}, ${formatDateTime(a.dateTimeCreatedText)}`} hideLabel checked={checked.has(a.id)} onChange={(c) => onCheck(a.id, c)} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.dateTimeCreatedText)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={`/students/form/${a.userId}`}>
                    {a.userName}
                  </Anchor>{' '}
                  {activityText(a)}
                </Table.Td>
                <Table.Td>
                  <CheckStatusCell activity={a} onDecide={(d) => onDecide(a, d)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hasMore && (
        <Center>
          <Button variant="default" onClick={onLoadEarlier} loading={loadingEarlier}>
            Eerdere activiteiten laden
          </Button>
        </Center>
      )}
    </>
  );
}
