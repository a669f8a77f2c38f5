/** Step 2: per class the proposed class of the new year; rename, merge (give two classes one name), change the level, or 'stopt'. */
import { Badge, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { YearPlan } from '../../api/school-year/types';
import type { StudyLevels } from '../../api/session/types';
import { students as studentCount } from '../../lib/plural';
import { DataTable } from '../../ui/data-table';
import { Table } from '../../ui/table';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import type { YearPlanState } from './use-year-plan';

const COLUMNS = ['Klas nu', 'Stopt', 'Klas in het nieuwe jaar', 'Niveau'];

export function StepClasses({ plan, state, levels }: { plan: YearPlan; state: YearPlanState; levels: StudyLevels }) {
  const options = Object.entries(levels).map(([value, label]) => ({ value, label }));
  const merged = (name: string) => (plan.newClasses.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())?.from.length ?? 0) > 1;
  return (
    <Stack gap="md">
      <Text>
        Elke klas gaat een leerjaar verder met dezelfde letter en hetzelfde niveau (1B wordt 2B); klassen van het laatste leerjaar stoppen.
        Geef twee klassen dezelfde naam om ze samen te voegen.
      </Text>
      <DataTable label="Klassen in het nieuwe schooljaar" columns={COLUMNS} verticalSpacing={4}>
        {plan.classes.map((c) => (
          <Table.Tr key={c.id} data-class-id={c.id}>
            <Table.Td>
              <Text fw={600} span>
                {c.name}
              </Text>
              <Text size="sm" c="dimmed">
                {levels[c.level] ?? c.level} · {studentCount(c.studentCount)}
              </Text>
            </Table.Td>
            <Table.Td>
              <TouchCheckbox
                label={c.reason ? 'Stopt (eindexamenjaar)' : 'Stopt'}
                checked={c.action === 'stopt'}
                onChange={(on) => state.editClass(c.id, { action: on ? 'stopt' : 'door' })}
              />
            </Table.Td>
            <Table.Td>
              {c.action === 'stopt' ? (
                <Text c="dimmed">Geen klas meer</Text>
              ) : (
                <Stack gap={4}>
                  <TextInput
                    aria-label={`Nieuwe naam voor ${c.name}`}
                    value={state.classEdits.get(c.id)?.nextName ?? c.nextName}
                    onChange={(e) => state.editClass(c.id, { nextName: e.currentTarget.value })}
                    size="md"
                    maw={220}
                  />
                  {merged(c.nextName) && (
                    <Badge variant="light" color="blue">
                      Samengevoegd
                    </Badge>
                  )}
                </Stack>
              )}
            </Table.Td>
            <Table.Td>
              {c.action === 'door' && (
                <NativeSelect
                  aria-label={`Niveau van ${c.nextName}`}
                  size="md"
                  data={options}
                  value={c.nextLevel}
                  onChange={(e) => state.editClass(c.id, { nextLevel: e.currentTarget.value })}
                  miw={150}
                  maw={200}
                />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
