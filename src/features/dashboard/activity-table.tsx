/** The activity table of the dashboard (part 1 §2): read mark, date, what happened, status. */
import { Anchor, Button, Center, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { Activity } from '../../api/dashboard/types';
import { formatDateTime } from '../../lib/dates';
import { DateTimeText } from '../../ui/date-time-text';
import { DataTable } from '../../ui/data-table';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import { activityText } from './activity-feed';
import classes from './activity-table.module.css';
import { CheckStatusCell } from './check-status';
import type { Decision } from './use-activity-feed';
import { Table } from '../../ui/table';

/**
 * On a phone the date, the activity and the status need no label (the date shares its line with
 * 'Afgehandeld', the activity has the whole width: issue 30, a row was ~180 px; the status is a word
 * that speaks for itself, and 'Goedkeuren?' with its info button needs the width: beside the label it
 * was cut to 'Goedkeurer' at 390 px).
 * On a tablet the status (mostly empty, but as wide as 'Goedkeuren?' with its info button) is a line
 * under the activity, so the activity's text has the width (issue 28 item 5).
 */
const COLUMNS = [
  'Afgehandeld',
  { key: 'Datum', label: 'Datum', phoneLabel: false as const },
  { key: 'Activiteit', label: 'Activiteit', phoneLabel: false as const },
  { key: 'Status', label: 'Status', foldUnder: 'Activiteit', phoneLabel: false as const },
];

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
      <DataTable label="Activiteiten van de klas" columns={COLUMNS} verticalSpacing="xs" foldOn="tablet">
        {rows.map((a) => (
          <Table.Tr
            key={a.id}
            data-activity-id={a.id}
            data-target-id={a.targetId ?? undefined}
            data-read={a.read}
            style={a.read === 0 ? { fontWeight: 600 } : undefined}
          >
            <Table.Td className={classes.done}>
              <TouchCheckbox
                label={`Afgehandeld: ${a.userName}, ${formatDateTime(a.dateTimeCreatedText)}`}
                hideLabel
                checked={checked.has(a.id)}
                onChange={(c) => onCheck(a.id, c)}
              />
            </Table.Td>
            <Table.Td className={classes.date}>
              <DateTimeText text={formatDateTime(a.dateTimeCreatedText)} />
            </Table.Td>
            <Table.Td className={classes.what}>
              <Anchor component={Link} href={`/students/form/${a.userId}`} className={classes.who}>
                {a.userName}
              </Anchor>{' '}
              <Text span size="sm">
                {activityText(a)}
              </Text>
            </Table.Td>
            <Table.Td className={classes.status}>
              <CheckStatusCell activity={a} onDecide={(d) => onDecide(a, d)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
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
