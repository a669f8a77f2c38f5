/**
 * 'Overzicht per klas per les' (part 2 §2, menu 2): one row per student of a class for one lesson,
 * after Klas, Vak, Module and Les are chosen and 'Toepassen' is pressed. Rows of students without
 * work have id 0, so rows are keyed by student.
 */
import '../../ui/mantine-styles-more';
import { useState, type CSSProperties } from 'react';
import { ActionIcon, Anchor, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconEye, IconX } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { api } from '../../api/catalogue';
import type { Option, PortfolioFilters, PortfolioItem } from '../../api/portfolios/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { formatDateTime } from '../../lib/dates';
import { activeFilter } from '../../lib/filter-groups';
import { CheckboxFilter } from '../../ui/checkbox-filter';
import { DateTimeText } from '../../ui/date-time-text';
import { DataTable } from '../../ui/data-table';
import { gradeLetter } from '../../widgets/portfolio-feedback/grades';
import type { OpenItem } from './all-activities';
import classes from './module-overview.module.css';
import { SearchAndClear } from './search-box';
import filterBar from '../../ui/filter-bar.module.css';
import { Table } from '../../ui/table';
import { SEARCH_DELAY_MS } from '../../constants';

/** Part 2 §9: the overview shows at most 5000 results. */
const MODULE_LIMIT = 5000;

interface Choice {
  classroom: string | null;
  section: string | null;
  chapter: string | null;
  lesson: string | null;
}
const EMPTY: Choice = { classroom: null, section: null, chapter: null, lesson: null };
const STARTED = [
  { value: '1', label: 'Gestart' },
  { value: '0', label: 'Niet gestart' },
];
const GRADED = [
  { value: '1', label: 'Beoordeeld' },
  { value: '0', label: 'Niet beoordeeld' },
];

const dataOf = (list: Option[] | undefined) => (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
/**
 * A choice at least as wide as its chosen value (issue 28 item 22: 'Criminaliteit en rechtss' was
 * cut): the value's length in ch (the width of a '0' in the label's larger font, more than most
 * letters of the field's text) plus the padding and chevron. The row wraps before a choice shrinks
 * below that; only a value longer than the whole row is cut.
 */
function fitValue(list: Option[] | undefined, value: string | null): CSSProperties | undefined {
  const chosen = value ? list?.find((o) => String(o.id) === value)?.name : undefined;
  return chosen ? { flexBasis: `max(14rem, calc(${chosen.length}ch + 3.5rem))` } : undefined;
}
const num = (v: string | null) => (v ? Number(v) : undefined);

export function ModuleOverview({ onOpen }: { onOpen: OpenItem }) {
  const [draft, setDraft] = useState<Choice>(EMPTY);
  const [applied, setApplied] = useState<Choice | null>(null);
  const [started, setStarted] = useState<string[]>([]);
  const [graded, setGraded] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const selection = useRead(api.portfolios.selection, {
    query: { classroom: num(draft.classroom), section: num(draft.section), chapter: num(draft.chapter), lesson: num(draft.lesson) },
  });
  // While the next choice loads, keep the options shown, so a chosen value does not blank out.
  const [shown, setShown] = useState<PortfolioFilters | undefined>(undefined);
  if (selection.data && selection.data !== shown) setShown(selection.data);
  const options = selection.data ?? shown;
  const complete = (c: Choice | null): c is { [K in keyof Choice]: string } =>
    !!c && !!c.classroom && !!c.section && !!c.chapter && !!c.lesson;
  const choose = (field: keyof Choice, value: string | null) =>
    setDraft((d) => {
      // A new subject or module makes the choices below it meaningless.
      if (field === 'section') return { ...d, section: value, chapter: null, lesson: null };
      if (field === 'chapter') return { ...d, chapter: value, lesson: null };
      return { ...d, [field]: value };
    });

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Klas"
          data={dataOf(options?.classrooms)}
          value={draft.classroom}
          onChange={(v) => choose('classroom', v)}
          searchable
          className={classes.choice}
          style={fitValue(options?.classrooms, draft.classroom)}
        />
        <Select
          label="Vak"
          data={dataOf(options?.sections)}
          value={draft.section}
          onChange={(v) => choose('section', v)}
          className={classes.choice}
          style={fitValue(options?.sections, draft.section)}
        />
        <Select
          label="Module"
          data={dataOf(options?.chapters)}
          value={draft.chapter}
          onChange={(v) => choose('chapter', v)}
          disabled={!draft.section}
          className={classes.choice}
          style={fitValue(options?.chapters, draft.chapter)}
        />
        <Select
          label="Les"
          data={dataOf(options?.lessons)}
          value={draft.lesson}
          onChange={(v) => choose('lesson', v)}
          disabled={!draft.chapter}
          className={classes.choice}
          style={fitValue(options?.lessons, draft.lesson)}
        />
        <Button onClick={() => setApplied(draft)} disabled={!complete(draft)} className={classes.apply}>
          Toepassen
        </Button>
      </Group>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <aside className={filterBar.bar} aria-label="Filters">
          <SearchAndClear
            label="Zoeken op leerling of klas"
            value={search}
            onChange={setSearch}
            onClear={() => {
              setStarted([]);
              setGraded([]);
              setSearch('');
            }}
          />
          <CheckboxFilter title="Activiteit" options={STARTED} value={started} onChange={setStarted} />
          <CheckboxFilter title="Beoordeeld" options={GRADED} value={graded} onChange={setGraded} />
        </aside>
        <Stack style={{ flex: '1 1 480px', minWidth: 0 }}>
          {complete(applied) ? (
            <Results
              body={{
                classrooms: [Number(applied.classroom)],
                sections: [Number(applied.section)],
                chapters: [Number(applied.chapter)],
                lessons: [Number(applied.lesson)],
                started: activeFilter(started, ['1', '0']).map(Number),
                gradings: activeFilter(graded, ['1', '0']).map(Number),
                limit: MODULE_LIMIT,
                search: query,
                sort: 'name',
                mode: 'module',
                page: 1,
              }}
              onOpen={onOpen}
            />
          ) : (
            <Text>Selecteer hierboven eerst een klas, vak, module en vervolgens een les.</Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}

function Results({ body, onOpen }: { body: Record<string, unknown>; onOpen: OpenItem }) {
  const list = useRead(api.portfolios.list, { query: { moduleFilters: 2 }, body });
  const { config } = useSnapshot(session);
  if (!list.data)
    return (
      <Text role="status">{list.loading ? 'Resultaten aan het laden' : 'Er zijn geen resultaten beschikbaar zonder verbinding.'}</Text>
    );
  if (list.data.length === 0) return <Text role="status">Geen leerlingen gevonden voor deze keuze.</Text>;
  return (
    <DataTable columns={['Leerling', 'Ingeleverd', 'Laatst gewijzigd', 'Niveau', 'Score', 'Bekijken']} verticalSpacing="sm">
      {list.data.map((row) => (
        <OverviewRow key={row.userId} row={row} levels={config.study_levels} onOpen={onOpen} />
      ))}
    </DataTable>
  );
}

function OverviewRow({ row, levels, onOpen }: { row: PortfolioItem; levels: Record<string, string>; onOpen: OpenItem }) {
  const letters = row.blockStatusList.map((b) => gradeLetter(b.status)).join(' ');
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} href={`/students/form/${row.userId}`} fw={600}>
          {row.userName}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {row.hasSubmittedItems ? (
          <IconCheck size={20} color="var(--mantine-color-green-9)" aria-hidden="true" />
        ) : (
          <IconX size={20} color="var(--mantine-color-red-9)" aria-hidden="true" />
        )}
        <VisuallyHidden>{row.hasSubmittedItems ? 'Ja' : 'Nee'}</VisuallyHidden>
      </Table.Td>
      <Table.Td>
        <DateTimeText text={formatDateTime(row.updatedAt) || '-'} />
      </Table.Td>
      <Table.Td>{row.studyLevel ? (levels[row.studyLevel] ?? row.studyLevel) : '-'}</Table.Td>
      <Table.Td style={{ fontFamily: 'monospace', fontSize: 16 }}>{letters || '-'}</Table.Td>
      <Table.Td>
        {row.hasSubmittedItems && (
          <ActionIcon
            variant="subtle"
            aria-label={`Bekijk portfolio van ${row.userName}`}
            onClick={() => onOpen({ id: row.id, name: row.userName })}
          >
            <IconEye size={22} aria-hidden="true" />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
