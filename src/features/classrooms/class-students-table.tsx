/**
 * The students of a class (part 1 §2): selectable, sortable rows with edit and delete per student;
 * `readOnly` (a class of last year, issue 31): sortable rows to read, nothing to select or change.
 */
import { useMemo } from 'react';
import { Anchor } from '@mantine/core';
import { Table } from '../../ui/table';
import { Link } from 'wouter';
import type { Student } from '../../api/classrooms/types';
import type { StudyLevels } from '../../api/session/types';
import type { SortColumns } from '../../lib/sorting';
import { DateTimeText } from '../../ui/date-time-text';
import { DataTable } from '../../ui/data-table';
import { RowActions } from '../../ui/row-actions';
import { SelectAllCheckbox } from '../../ui/select-all-checkbox';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import { useSort } from '../../ui/use-sort';
import { lessonUrl, loginMethod } from './class-rules';

/** Sorted by what the cells show: 'Inlogmethode' by its label ('Maatschappijwijzer' before 'Schoolportaal'). */
const columnsFor = (systemName: string): SortColumns<Student> => ({
  name: { mode: 'text', value: (s) => s.name || s.email },
  login: { mode: 'text', value: (s) => loginMethod(s, systemName) },
  lesson: { mode: 'text', value: (s) => s.lastLessonTitle },
  active: { mode: 'date', value: (s) => s.lastActive },
  level: { mode: 'text', value: (s) => s.studyLevel },
});

export interface ClassStudentsTableProps {
  students: readonly Student[];
  selected: ReadonlySet<number>;
  onSelect: (ids: readonly number[], on: boolean) => void;
  onDelete: (s: Student) => void;
  systemName: string;
  frontUrl: string;
  levels: StudyLevels;
  readOnly?: boolean;
}

export function ClassStudentsTable({
  students,
  selected,
  onSelect,
  onDelete,
  systemName,
  frontUrl,
  levels,
  readOnly = false,
}: ClassStudentsTableProps) {
  const columns = useMemo(() => columnsFor(systemName), [systemName]);
  const { sorted, sort, onSort } = useSort(students, columns);
  const ids = students.map((s) => s.id);
  const allHeaders = [
    {
      key: 'select',
      label: <SelectAllCheckbox label="Alle leerlingen selecteren" shown={ids} selected={selected} onSelect={onSelect} />,
    },
    { key: 'name', label: 'Naam', sortable: true },
    { key: 'login', label: 'Inlogmethode', sortable: true, foldUnder: 'name' },
    { key: 'lesson', label: 'Laatste pagina', sortable: true },
    { key: 'active', label: 'Laatst actief', sortable: true },
    { key: 'level', label: 'Niveau', sortable: true },
    { key: 'actions', label: 'Acties' },
  ];
  const headers = readOnly ? allHeaders.filter((h) => h.key !== 'select' && h.key !== 'actions') : allHeaders;

  return (
    <DataTable label="Leerlingen van de klas" columns={headers} sorting={{ sort, onSort }} verticalSpacing={4}>
      {sorted.map((s) => {
        const who = s.name || s.email;
        return (
          <Table.Tr key={s.id} data-student-id={s.id}>
            {!readOnly && (
              <Table.Td>
                <TouchCheckbox label={`${who} selecteren`} hideLabel checked={selected.has(s.id)} onChange={(on) => onSelect([s.id], on)} />
              </Table.Td>
            )}
            <Table.Td>
              <Anchor component={Link} href={`/students/form/${s.id}`} fw={600}>
                {who}
              </Anchor>
            </Table.Td>
            <Table.Td>{loginMethod(s, systemName)}</Table.Td>
            <Table.Td>
              {s.lastLessonId !== null && s.lastLessonTitle ? (
                <Anchor href={lessonUrl(frontUrl, s.lastLessonId)} target="_blank" rel="noopener noreferrer">
                  {s.lastLessonTitle}
                </Anchor>
              ) : (
                '–'
              )}
            </Table.Td>
            <Table.Td>
              <DateTimeText text={s.lastActiveText} />
            </Table.Td>
            <Table.Td>{s.studyLevel ? (levels[s.studyLevel] ?? s.studyLevel) : ''}</Table.Td>
            {!readOnly && (
              <Table.Td>
                <RowActions
                  editHref={`/students/form/${s.id}`}
                  editLabel={`${who} wijzigen`}
                  deleteLabel={`${who} verwijderen`}
                  onDelete={() => onDelete(s)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
