/** The sortable classes table (part 1 §2): number, name, teacher, students, level, code; edit and delete. */
import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Classroom } from '../../api/classrooms/types';
import type { StudyLevels } from '../../api/session/types';
import type { SortColumns } from '../../lib/sorting';
import { CopyButton } from '../../ui/copy-button';
import { SortableHeader } from '../../ui/sortable-header';
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
  const header = (column: string, label: string, priority?: 'low') => <SortableHeader column={column} label={label} sort={sort} onSort={onSort} priority={priority} />;

  return (
    <div className="fit-table">
      <Table striped verticalSpacing="xs" aria-label="Klassen">
        <Table.Thead>
          <Table.Tr>
            {header('number', 'Nummer', 'low')}
            {header('name', 'Naam')}
            {header('teacher', 'Docent')}
            {header('students', 'Leerlingen')}
            {header('level', 'Niveau')}
            {header('code', 'Klascode')}
            <Table.Th>Acties</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const pending = c.id < 0;
            return (
              <Table.Tr key={c.id} data-classroom-id={c.id}>
                <Table.Td data-priority="low">{c.number}</Table.Td>
                <Table.Td>
                  {pending ? (
                    <Text>
                      {c.name} <Text span size="sm" c="dimmed">(wordt opgeslagen)</Text>
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
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon component={Link} href={`/classrooms/form/${c.id}`} variant="subtle" aria-label={`Klas ${c.name} wijzigen`}>
                        <IconPencil size={20} aria-hidden="true" />
                      </ActionIcon>
                      {canDeleteClass(c) ? (
                        <ActionIcon variant="subtle" color="red.9" aria-label={`Klas ${c.name} verwijderen`} onClick={() => onDelete(c)}>
                          <IconTrash size={20} aria-hidden="true" />
                        </ActionIcon>
                      ) : (
                        <ActionIcon variant="subtle" color="gray.8" aria-label={`Waarom kan klas ${c.name} niet worden verwijderd?`} onClick={() => onDelete(c)}>
                          <IconInfoCircle size={20} aria-hidden="true" />
                        </ActionIcon>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
