/** Step 4: what the year change does, in counts, before anything is written; then the outcome with the new class codes. */
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import type { YearApplied, YearPlan } from '../../api/school-year/types';
import type { StudyLevels } from '../../api/session/types';
import { formatDate } from '../../lib/dates';
import { plural, students as studentCount } from '../../lib/plural';
import { DataTable } from '../../ui/data-table';
import { Table } from '../../ui/table';
import { summaryLine } from './year-rules';

export function StepSummary({ plan, levels }: { plan: YearPlan; levels: StudyLevels }) {
  const c = plan.counts;
  return (
    <Stack gap="md">
      <Title order={2} size="h3" data-testid="year-summary">
        {summaryLine(c)}
      </Title>
      <List spacing="xs">
        <List.Item>
          Het schooljaar {plan.name} begint op {formatDate(plan.startsOn)}. Elke nieuwe klas krijgt een nieuwe klascode.
        </List.Item>
        <List.Item>
          De {plural(c.classesBefore, 'klas', 'klassen')} van {plan.previousName} worden gearchiveerd: ze blijven met hun portfolio&apos;s
          en feedback te lezen onder schooljaar {plan.previousName}, maar kunnen niet meer worden gewijzigd.
        </List.Item>
        {c.weg > 0 && (
          <List.Item>
            {studentCount(c.weg)} {c.weg === 1 ? 'gaat' : 'gaan'} van school en {c.weg === 1 ? 'wordt' : 'worden'} gedeactiveerd. Hun
            gegevens worden verwijderd op {formatDate(plan.retentionUntil)}.
          </List.Item>
        )}
        {c.levelChanges > 0 && (
          <List.Item>
            {studentCount(c.levelChanges)} {c.levelChanges === 1 ? 'wisselt' : 'wisselen'} van leerweg.
          </List.Item>
        )}
        {c.withoutClass > 0 && (
          <List.Item>
            {studentCount(c.withoutClass)} {c.withoutClass === 1 ? 'blijft' : 'blijven'} op school zonder klas.
          </List.Item>
        )}
        <List.Item>
          Licenties worden opnieuw geteld voor {plan.name}: nu {c.licencesNow} uitgegeven, in het nieuwe schooljaar {c.licencesNext} (de
          klassen houden hun modules).
        </List.Item>
      </List>
      <DataTable label="Klassen in het nieuwe schooljaar" columns={['Nieuwe klas', 'Niveau', 'Leerlingen', 'Komt uit']} verticalSpacing={4}>
        {plan.newClasses.map((n) => (
          <Table.Tr key={n.name}>
            <Table.Td style={{ fontWeight: 600 }}>{n.name}</Table.Td>
            <Table.Td>{levels[n.level] ?? n.level}</Table.Td>
            <Table.Td>{n.studentCount}</Table.Td>
            <Table.Td>{n.from.join(' + ') || 'Nieuw, voor wie blijft zitten'}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

export function YearDone({ applied }: { applied: YearApplied }) {
  return (
    <Stack gap="md">
      <Alert color="green" title="Klaar" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        {applied.message}
      </Alert>
      <DataTable label="Nieuwe klassen en hun klascodes" columns={['Klas', 'Klascode', 'Leerlingen']} verticalSpacing={4}>
        {applied.newClasses.map((n) => (
          <Table.Tr key={n.id}>
            <Table.Td style={{ fontWeight: 600 }}>{n.name}</Table.Td>
            <Table.Td style={{ fontFamily: 'monospace' }}>{n.accessCode}</Table.Td>
            <Table.Td>{n.studentCount}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Text>{plural(applied.counts.classesAfter, 'klas', 'klassen')} staan nu onder Klassen &amp; leerlingen.</Text>
    </Stack>
  );
}
