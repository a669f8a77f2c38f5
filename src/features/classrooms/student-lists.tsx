/** 'Inactieve leerlingen' and 'Leerlingen zonder klas' (part 1 §2), each with a delete action. */
import { ActionIcon, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Classroom, Student } from '../../api/classrooms/types';
import { formatDateTime } from '../../lib/dates';
import { loginMethod } from './class-rules';

const lastLogin = (s: Student) => formatDateTime(s.lastLogin) || 'Nooit';

function DeleteButton({ student, onDelete }: { student: Student; onDelete: (s: Student) => void }) {
  return (
    <ActionIcon variant="subtle" color="red.9" aria-label={`${student.email} verwijderen`} onClick={() => onDelete(student)}>
      <IconTrash size={20} aria-hidden="true" />
    </ActionIcon>
  );
}

export function IdleStudents({ students, classes, onDelete }: { students: readonly Student[]; classes: readonly Classroom[]; onDelete: (s: Student) => void }) {
  const names = new Map(classes.map((c) => [c.id, c.name]));
  return (
    <Stack gap="sm" component="section" aria-labelledby="idle-title">
      <Title order={2} id="idle-title">
        Inactieve leerlingen
      </Title>
      <Text size="sm">Leerlingen die al een halfjaar niet zijn ingelogd. Verwijder ze om licenties vrij te maken.</Text>
      {students.length === 0 ? (
        <Text>Er zijn geen inactieve leerlingen.</Text>
      ) : (
        <div className="fit-table">
          <Table striped aria-label="Inactieve leerlingen">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mailadres</Table.Th>
                <Table.Th>Laatst ingelogd</Table.Th>
                <Table.Th>Klassen</Table.Th>
                <Table.Th>Acties</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.email}</Table.Td>
                  <Table.Td>{lastLogin(s)}</Table.Td>
                  <Table.Td>{s.classrooms.map((id) => names.get(id) ?? '').filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>
                    <DeleteButton student={s} onDelete={onDelete} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}

export function OrphanStudents({ students, systemName, onDelete }: { students: readonly Student[]; systemName: string; onDelete: (s: Student) => void }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="orphans-title">
      <Title order={2} id="orphans-title">
        Leerlingen zonder klas
      </Title>
      {students.length === 0 ? (
        <Text>Alle leerlingen zitten in een klas.</Text>
      ) : (
        <div className="fit-table">
          <Table striped aria-label="Leerlingen zonder klas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mailadres</Table.Th>
                <Table.Th>Inlogmethode</Table.Th>
                <Table.Th>Laatst ingelogd</Table.Th>
                <Table.Th>Acties</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.email}</Table.Td>
                  <Table.Td>{loginMethod(s, systemName)}</Table.Td>
                  <Table.Td>{lastLogin(s)}</Table.Td>
                  <Table.Td>
                    <DeleteButton student={s} onDelete={onDelete} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
