/**
 * Step 3: per student what the class plan means for her, and the exceptions: stays behind, another
 * learning path, another class, or leaves the school. Select students (as in a class's student list)
 * and set one exception for all of them at once.
 */
import { useMemo, useState } from 'react';
import { Button, Group, NativeSelect as RowSelect, Stack, Text } from '@mantine/core';
import type { StudentAction, YearPlan } from '../../api/school-year/types';
import type { StudyLevels } from '../../api/session/types';
import { students as studentCount } from '../../lib/plural';
import { DataTable } from '../../ui/data-table';
import { NativeSelect } from '../../ui/native-select';
import { SearchField } from '../../ui/search-field';
import { SelectAllCheckbox } from '../../ui/select-all-checkbox';
import { Table } from '../../ui/table';
import { TouchCheckbox } from '../../ui/touch-checkbox';
import type { YearPlanState } from './use-year-plan';
import { ACTION_LABELS, type StudentEdit } from './year-rules';

const ACTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));
const ALL = '';

export function StepStudents({ plan, state, levels }: { plan: YearPlan; state: YearPlanState; levels: StudyLevels }) {
  const [klas, setKlas] = useState(ALL);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState('');
  const classNames = useMemo(
    () => [...new Set(plan.students.flatMap((s) => s.classNames))].sort((a, b) => a.localeCompare(b, 'nl', { numeric: true })),
    [plan.students],
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return plan.students.filter((s) => (klas === ALL || s.classNames.includes(klas)) && (!q || s.name.toLowerCase().includes(q)));
  }, [plan.students, klas, query]);
  const ids = shown.map((s) => s.id);
  const chosen = ids.filter((id) => selected.has(id));
  const select = (list: readonly number[], on: boolean) =>
    setSelected((cur) => {
      const next = new Set(cur);
      for (const id of list)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const newClasses = plan.newClasses.map((c) => c.name);
  const bulkOptions = [
    { value: '', label: 'Kies wat er gebeurt' },
    ...ACTIONS.map((a) => ({ value: `action:${a.value}`, label: a.label })),
    ...Object.entries(levels).map(([value, label]) => ({ value: `level:${value}`, label: `Leerweg wordt ${label}` })),
    ...newClasses.map((n) => ({ value: `class:${n}`, label: `Naar klas ${n}` })),
  ];
  const runBulk = () => {
    const [kind, value = ''] = bulk.split(/:(.*)/s);
    const edit: StudentEdit =
      kind === 'action'
        ? { action: value as StudentAction, nextClass: undefined }
        : kind === 'level'
          ? { nextLevel: value }
          : { nextClass: value, action: 'door' };
    state.editStudents(chosen, edit);
    select(chosen, false);
    setBulk('');
  };

  return (
    <Stack gap="md">
      <Text>
        Leerlingen gaan mee met hun klas. Geef hier de uitzonderingen aan: wie blijft zitten, van leerweg wisselt of van school gaat.
      </Text>
      <Group align="flex-end" gap="md" role="search">
        <NativeSelect
          label="Klas"
          data={[{ value: ALL, label: 'Alle klassen' }, ...classNames.map((n) => ({ value: n, label: n }))]}
          value={klas}
          onChange={(e) => setKlas(e.currentTarget.value)}
          style={{ flex: '0 1 200px' }}
        />
        <SearchField label="Zoeken op naam" value={query} onChange={setQuery} style={{ flex: '1 1 220px', maxWidth: 360 }} />
      </Group>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Voor de geselecteerde leerlingen"
          data={bulkOptions}
          value={bulk}
          onChange={(e) => setBulk(e.currentTarget.value)}
          style={{ flex: '0 1 320px' }}
        />
        <Button onClick={runBulk} disabled={!bulk || chosen.length === 0}>
          Toepassen
        </Button>
        <Text size="sm" aria-live="polite" mb={12}>
          {chosen.length === 0 ? 'Geen leerlingen geselecteerd' : `${studentCount(chosen.length)} geselecteerd`}
        </Text>
      </Group>
      <DataTable
        label="Leerlingen in het nieuwe schooljaar"
        verticalSpacing={4}
        columns={[
          {
            key: 'select',
            label: <SelectAllCheckbox label="Alle getoonde leerlingen selecteren" shown={ids} selected={selected} onSelect={select} />,
          },
          'Naam',
          'Klas nu',
          'Wat er gebeurt',
          'Klas in het nieuwe jaar',
          'Leerweg',
        ]}
      >
        {shown.map((s) => (
          <Table.Tr key={s.id} data-student-id={s.id} data-edited={s.edited || undefined}>
            <Table.Td>
              <TouchCheckbox label={`${s.name} selecteren`} hideLabel checked={selected.has(s.id)} onChange={(on) => select([s.id], on)} />
            </Table.Td>
            <Table.Td style={{ fontWeight: 600 }}>{s.name}</Table.Td>
            <Table.Td>{s.classNames.join(', ') || 'Geen klas'}</Table.Td>
            <Table.Td>
              <RowSelect
                aria-label={`Wat er gebeurt met ${s.name}`}
                size="md"
                miw={180}
                data={ACTIONS}
                value={s.action}
                onChange={(e) => state.editStudents([s.id], { action: e.currentTarget.value as StudentAction, nextClass: undefined })}
              />
            </Table.Td>
            <Table.Td>{s.action === 'weg' ? '–' : (s.nextClass ?? 'Geen klas')}</Table.Td>
            <Table.Td>
              {s.nextLevel && s.nextLevel !== s.level
                ? `${levels[s.level ?? ''] ?? s.level ?? ''} → ${levels[s.nextLevel] ?? s.nextLevel}`
                : (levels[s.level ?? ''] ?? s.level ?? '')}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
