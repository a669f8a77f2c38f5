/** The sortable classes table (part 1 §2): number, name, teacher, students, level, code; edit and delete. */
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { Table } from '../../ui/table';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Classroom } from '../../api/classrooms/types';
import type { StudyLevels } from '../../api/session/types';
import type { SortColumns } from '../../lib/sorting';
import { CopyButton } from '../../ui/copy-button';
import { DataTable } from '../../ui/data-table';
import { RowActions } from '../../ui/row-actions';
import { useSort } from '../../ui/use-sort';
import { canDeleteClass, ownFirst } from './class-rules';

interface Row extends Classroom {
  number: number;
}

const columns: SortColumns<Row> = {
  number: { mode: 'number', value: (r) => r.number },
  name: { mode: 'text', value: (r) => r.name },
  teacher: { mode: 'text', value: (r) => r.mainTeacherName },
  students: { mode: 'number', value: (r) => r.studentCount },
  level: { mode: 'text', value: (r) => r.defaultStudyLevel },
  code: { mode: 'text', value: (r) => r.accessCode, plain: true },
};

const HEADERS = [
  { key: 'number', label: 'Nummer', sortable: true, foldUnder: 'name' },
  { key: 'name', label: 'Naam', sortable: true },
  { key: 'teacher', label: 'Docent', sortable: true },
  { key: 'students', label: 'Leerlingen', sortable: true },
  { key: 'level', label: 'Niveau', sortable: true },
  { key: 'code', label: 'Klascode', sortable: true },
  { key: 'actions', label: 'Acties' },
] as const;

export interface ClassroomsTableProps {
  classes: readonly Classroom[];
  userId: number | undefined;
  levels: StudyLevels;
  onDelete: (room: Classroom) => void;
}

export function ClassroomsTable({ classes, userId, levels, onDelete }: ClassroomsTableProps) {
  const numbered = classes.map((c, i) => ({ ...c, number: i + 1 }));
  const { sorted, sort, onSort } = useSort(numbered, columns);
  // Part 1 §4: by default the teacher's own classes come first; once she sorts by a column, the whole
  // list follows that column.
  const rows = sort.column ? sorted : ownFirst(sorted, userId);

  return (
    <DataTable label="Klassen" columns={HEADERS} sorting={{ sort, onSort }} verticalSpacing="xs">
      {rows.map((c) => {
        const pending = c.id < 0;
        return (
          <Table.Tr key={c.id} data-classroom-id={c.id}>
            <Table.Td>{c.number}</Table.Td>
            <Table.Td>
              {pending ? (
                <Text>
                  {c.name}{' '}
                  <Text span size="sm" c="dimmed">
                    (wordt opgeslagen)
                  </Text>
                </Text>
              ) : (
                <Anchor component={Link} href={`/classrooms/students/${c.id}`} fw={600}>
                  {c.name}
                </Anchor>
              )}
            </Table.Td>
            <Table.Td>{c.mainTeacherName}</Table.Td>
            <Table.Td>{c.studentCount}</Table.Td>
            <Table.Td>{levels[c.defaultStudyLevel] ?? c.defaultStudyLevel}</Table.Td>
            <Table.Td>
              {c.accessCode && (
                <Group gap={4} wrap="nowrap">
                  <Text ff="monospace" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {c.accessCode}
                  </Text>
                  <CopyButton value={c.accessCode} label={`Klascode van ${c.name} kopiëren`} />
                </Group>
              )}
            </Table.Td>
            <Table.Td>
              {!pending && (
                <RowActions
                  editHref={`/classrooms/form/${c.id}`}
                  editLabel={`Klas ${c.name} wijzigen`}
                  deleteLabel={canDeleteClass(c) ? `Klas ${c.name} verwijderen` : undefined}
                  onDelete={() => onDelete(c)}
                >
                  {!canDeleteClass(c) && (
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      aria-label={`Waarom kan klas ${c.name} niet worden verwijderd?`}
                      onClick={() => onDelete(c)}
                    >
                      <IconInfoCircle size={20} aria-hidden="true" />
                    </ActionIcon>
                  )}
                </RowActions>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
