/** The activity table of the dashboard (part 1 §2): read mark, date, what happened, status. */
import { Anchor, Button, Center, Table, Text } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Activity } from '../../api/dashboard/types';
import { formatDateTime } from '../../lib/dates';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import { activityText } from './activity-feed';
import classes from './activity-table.module.css';
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

/** About a screenful on a tablet: these rows come with the first paint. */
const FIRST_ROWS = 10;

/**
 * How many rows to render: the first screenful at once, the rest in a transition after that paint.
 * React renders a transition in slices it can interrupt, so the rest of a 25-row page (each row a
 * checkbox, a link and buttons) no longer lengthens the task that paints the first rows.
 */
function useShownRows(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > FIRST_ROWS) startTransition(() => setAll(true));
  }, [all, total]);
  return all ? total : Math.min(total, FIRST_ROWS);
}

export function ActivityTable({ rows, hasMore, loadingEarlier, onLoadEarlier, onDecide, checked, onCheck }: ActivityTableProps) {
  const shown = useShownRows(rows.length);
  if (rows.length === 0) return <Text>Er zijn nog geen activiteiten in deze klas.</Text>;
  return (
    <>
      <div className="fit-table">
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
            {rows.slice(0, shown).map((a) => (
              <Table.Tr key={a.id} data-activity-id={a.id} data-target-id={a.targetId ?? undefined} data-read={a.read} style={a.read === 0 ? { fontWeight: 600 } : undefined}>
                <Table.Td>
                  <TouchCheckbox label={`Afgehandeld: ${a.userName}, ${formatDateTime(a.dateTimeCreatedText)}`} hideLabel checked={checked.has(a.id)} onChange={(c) => onCheck(a.id, c)} />
                </Table.Td>
                <Table.Td className={classes.date}>{formatDateTime(a.dateTimeCreatedText)}</Table.Td>
                <Table.Td>
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
          </Table.Tbody>
        </Table>
      </div>
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
