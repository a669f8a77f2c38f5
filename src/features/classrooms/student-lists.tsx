/** 'Inactieve leerlingen' and 'Leerlingen zonder klas' (part 1 §2), each with a delete action. */
import type { ReactNode } from 'react';
import { ActionIcon, Stack, Text, Title } from '@mantine/core';
import { Table } from '../../ui/table';
import { IconTrash } from '@tabler/icons-react';
import type { Classroom, Student } from '../../api/classrooms/types';
import { formatDateTime, formatDay } from '../../lib/dates';
import { DataTable } from '../../ui/data-table';
import { loginMethod } from './class-rules';

const lastLogin = (s: Student) => formatDateTime(s.lastLogin) || 'Nooit';

function DeleteButton({ student, onDelete }: { student: Student; onDelete: (s: Student) => void }) {
  return (
    <ActionIcon variant="subtle" color="red.9" aria-label={`${student.email} verwijderen`} onClick={() => onDelete(student)}>
      <IconTrash size={20} aria-hidden="true" />
    </ActionIcon>
  );
}

interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  /** Said instead of the table when there is nobody. */
  none: string;
  students: readonly Student[];
  columns: readonly string[];
  cells(s: Student): ReactNode[];
  onDelete: (s: Student) => void;
}

/** A titled list of students with a delete button per row, or a sentence when there is nobody. */
function StudentSection({ id, title, intro, none, students, columns, cells, onDelete }: SectionProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {intro && <Text size="sm">{intro}</Text>}
      {students.length === 0 ? (
        <Text>{none}</Text>
      ) : (
        <DataTable label={title} columns={[...columns, 'Acties']}>
          {students.map((s) => (
            <Table.Tr key={s.id}>
              {cells(s).map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
              <Table.Td>
                <DeleteButton student={s} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

export function IdleStudents({
  students,
  classes,
  onDelete,
}: {
  students: readonly Student[];
  classes: readonly Classroom[];
  onDelete: (s: Student) => void;
}) {
  const names = new Map(classes.map((c) => [c.id, c.name]));
  return (
    <StudentSection
      id="idle-title"
      title="Inactieve leerlingen"
      intro="Leerlingen die al een halfjaar niet zijn ingelogd. Verwijder ze om licenties vrij te maken."
      none="Er zijn geen inactieve leerlingen."
      students={students}
      columns={['E-mailadres', 'Laatst ingelogd', 'Klassen', 'Wordt verwijderd op']}
      cells={(s) => [
        s.email,
        lastLogin(s),
        s.classrooms
          .map((id) => names.get(id) ?? '')
          .filter(Boolean)
          .join(', '),
        formatDay(s.deleteOn),
      ]}
      onDelete={onDelete}
    />
  );
}

export function OrphanStudents({
  students,
  systemName,
  onDelete,
}: {
  students: readonly Student[];
  systemName: string;
  onDelete: (s: Student) => void;
}) {
  return (
    <StudentSection
      id="orphans-title"
      title="Leerlingen zonder klas"
      none="Alle leerlingen zitten in een klas."
      students={students}
      columns={['E-mailadres', 'Inlogmethode', 'Laatst ingelogd']}
      cells={(s) => [s.email, loginMethod(s, systemName), lastLogin(s)]}
      onDelete={onDelete}
    />
  );
}
