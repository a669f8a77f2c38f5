/** The students of a class (part 1 §2): selectable, sortable rows with edit and delete per student. */
import { ActionIcon, Anchor, Group, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Student } from '../../api/classrooms/types';
import type { StudyLevels } from '../../api/session/types';
import type { SortColumns } from '../../lib/sorting';
import { SortableHeader } from '../../ui/sortable-header';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import { useSort } from '../../ui/use-sort';
import { lessonUrl, loginMethod, selectAllState } from './class-rules';

const columns: SortColumns<Student> = {
  name: { mode: 'text', value: (s) => s.name || s.email },
  login: { mode: 'text', value: (s) => (s.isExternal ? 'Schoolportaal' : '') },
  lesson: { mode: 'text', value: (s) => s.lastLessonTitle },
  active: { mode: 'date', value: (s) => s.lastActive },
  level: { mode: 'text', value: (s) => s.studyLevel },
};

export interface ClassStudentsTableProps {
  students: readonly Student[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
  onDelete: (s: Student) => void;
  systemName: string;
  frontUrl: string;
  levels: StudyLevels;
}

export function ClassStudentsTable({ students, selected, onSelect, onDelete, systemName, frontUrl, levels }: ClassStudentsTableProps) {
  const { sorted, sort, onSort } = useSort(students, columns);
  const ids = students.map((s) => s.id);
  const all = selectAllState(ids, selected);
  const header = (column: string, label: string, priority?: 'low') => <SortableHeader column={column} label={label} sort={sort} onSort={onSort} priority={priority} />;

  return (
    <div className="fit-table">
      <Table striped verticalSpacing={4} aria-label="Leerlingen van de klas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <TouchCheckbox label="Alle leerlingen selecteren" hideLabel checked={all.checked} indeterminate={all.indeterminate} onChange={(on) => onSelect(ids, on)} />
            </Table.Th>
            {header('name', 'Naam')}
            {header('login', 'Inlogmethode', 'low')}
            {header('lesson', 'Laatste pagina')}
            {header('active', 'Laatst actief')}
            {header('level', 'Niveau')}
            <Table.Th>Acties</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((s) => {
            const who = s.name || s.email;
            return (
              <Table.Tr key={s.id} data-student-id={s.id}>
                <Table.Td>
                  <TouchCheckbox label={`${who} selecteren`} hideLabel checked={selected.has(s.id)} onChange={(on) => onSelect([s.id], on)} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={`/students/form/${s.id}`} fw={600}>
                    {who}
                  </Anchor>
                </Table.Td>
                <Table.Td data-priority="low">{loginMethod(s, systemName)}</Table.Td>
                <Table.Td>
                  {s.lastLessonId !== null && s.lastLessonTitle ? (
                    <Anchor href={lessonUrl(frontUrl, s.lastLessonId)} target="_blank" rel="noopener noreferrer">
                      {s.lastLessonTitle}
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td>{s.lastActiveText}</Table.Td>
                <Table.Td>{s.studyLevel ? (levels[s.studyLevel] ?? s.studyLevel) : ''}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon component={Link} href={`/students/form/${s.id}`} variant="subtle" aria-label={`${who} wijzigen`}>
                      <IconPencil size={20} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red.9" aria-label={`${who} verwijderen`} onClick={() => onDelete(s)}>
                      <IconTrash size={20} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
