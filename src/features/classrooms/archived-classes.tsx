/**
 * Last year's classes (issue 31): after a year change, a selector of the archived school years and,
 * for the chosen one, its classes to read (their students, portfolios and feedback stay as they
 * were); nothing here changes them. Shown only once a school has archived a year.
 */
import { useState } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { api } from '../../api/catalogue';
import type { StudyLevels } from '../../api/session/types';
import { useRead } from '../../data/use-read';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { NativeSelect } from '../../ui/native-select';
import { Table } from '../../ui/table';

const NONE = '';

export function ArchivedClasses({ levels }: { levels: StudyLevels }) {
  const years = useRead(api.schoolYear.archivedYears).data ?? [];
  const [year, setYear] = useState(NONE);
  const start = Number(year.slice(0, 4));
  const classes = useRead(api.schoolYear.archivedClasses, { query: { year: start } }, { enabled: year !== NONE });
  if (years.length === 0) return null;
  const rows = classes.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Vorige schooljaren
      </Title>
      <NativeSelect
        label="Schooljaar"
        data={[
          { value: NONE, label: 'Kies een schooljaar' },
          ...years.map((y) => ({ value: y.name, label: `${y.name} (${y.classCount} klassen)` })),
        ]}
        value={year}
        onChange={(e) => setYear(e.currentTarget.value)}
        style={{ maxWidth: 320 }}
      />
      {year !== NONE && (
        <ListState
          loading={classes.loading && !classes.data}
          loadingLabel="Klassen laden"
          error={classes.error && !classes.data && classes.error.message}
        >
          <Text size="sm" c="dimmed">
            Gearchiveerd: alleen te lezen.
          </Text>
          <DataTable label={`Klassen van ${year}`} columns={['Klas', 'Hoofddocent', 'Niveau', 'Leerlingen']} verticalSpacing={4}>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} href={`/classrooms/students/${c.id}`} fw={600}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.mainTeacherName}</Table.Td>
                <Table.Td>{levels[c.defaultStudyLevel] ?? c.defaultStudyLevel}</Table.Td>
                <Table.Td>{c.studentCount}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListState>
      )}
    </Stack>
  );
}
