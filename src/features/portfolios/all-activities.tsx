/**
 * 'Alle activiteiten' (part 2 §2, menu 0): a left filter bar and the newest portfolio work of the
 * school, 25 per page. Each page is its own cached read, so pages already seen stay readable offline.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Button, Center, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'wouter';
import { api } from '../../api/catalogue';
import { allActivitiesBody } from '../../api/portfolios/bodies';
import type { Option, PortfolioItem } from '../../api/portfolios/types';
import { useRead } from '../../data/use-read';
import { formatDateTime } from '../../lib/dates';
import { activeFilter } from '../../lib/filter-groups';
import { CheckboxFilter } from '../../ui/checkbox-filter';
import { DateTimeText } from '../../ui/date-time-text';
import { DataTable } from '../../ui/data-table';
import { EmptyPortfolio } from '../../widgets/portfolio-feedback/empty-portfolio';
import { Sliced } from '../../ui/sliced';
import { StaleNotice } from '../../ui/stale-notice';
import { SearchAndClear } from './search-box';
import filterBar from '../../ui/filter-bar.module.css';
import { Table } from '../../ui/table';
import { loader, useLoaded } from '../../ui/use-loaded';
import type { Period } from './period-filter';
import { SEARCH_DELAY_MS } from '../../constants';

// @mantine/dates is not needed for the first look at the list: the field loads beside it.
const periodFilter = loader(() => import('./period-filter').then((m) => m.PeriodFilter));
const NO_PERIOD: Period = { from: null, to: null };

export type OpenItem = (item: { id: number; name: string }) => void;

interface Chosen {
  classrooms: string[];
  studyLevels: string[];
  sections: string[];
  chapters: string[];
}
const NONE: Chosen = { classrooms: [], studyLevels: [], sections: [], chapters: [] };

const optionsOf = (list: Option[] | undefined) => (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
const ids = (values: string[]) => values.map(Number);

export function AllActivities({ onOpen, onEmpty }: { onOpen: OpenItem; onEmpty(empty: boolean): void }) {
  const [chosen, setChosen] = useState<Chosen>(NONE);
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<Period>(NO_PERIOD);
  const PeriodField = useLoaded(periodFilter).value;
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The fields part 2 §7 lists for this call; the server narrows modules and lessons by the chosen ones.
  const filters = useRead(api.portfolios.filters, {
    body: {
      ...allActivitiesBody(
        {
          classrooms: ids(chosen.classrooms),
          studyLevels: chosen.studyLevels,
          sections: ids(chosen.sections),
          chapters: ids(chosen.chapters),
        },
        query,
      ),
      page: 1,
    },
  });
  const opts = filters.data;
  const options = {
    classrooms: optionsOf(opts?.classrooms),
    studyLevels: optionsOf(opts?.studyLevels),
    sections: optionsOf(opts?.sections),
    chapters: optionsOf(opts?.chapters),
  };
  const all = (group: keyof Chosen) => options[group].map((o) => o.value);
  const body = allActivitiesBody(
    {
      classrooms: ids(activeFilter(chosen.classrooms, all('classrooms'))),
      studyLevels: activeFilter(chosen.studyLevels, all('studyLevels')),
      sections: ids(activeFilter(chosen.sections, all('sections'))),
      chapters: ids(activeFilter(chosen.chapters, all('chapters'))),
    },
    query,
  );
  // Only when chosen: the body without a period is the one 'Offline beschikbaar maken' prepares.
  if (period.from) Object.assign(body, { from: period.from });
  if (period.to) Object.assign(body, { to: period.to });
  const filtered = query !== '' || !!period.from || !!period.to || Object.values(chosen).some((v) => v.length > 0);
  const set = (group: keyof Chosen) => (value: string[]) => setChosen((c) => ({ ...c, [group]: value }));

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <aside className={filterBar.bar} aria-label="Filters">
        {/* The filters load with the list: when they could not be refreshed, neither could the list. */}
        <StaleNotice stale={filters.stale} updatedAt={filters.updatedAt} />
        <SearchAndClear
          label="Zoeken in activiteiten"
          value={search}
          onChange={setSearch}
          onClear={() => {
            setChosen(NONE);
            setSearch('');
            setPeriod(NO_PERIOD);
          }}
        />
        {PeriodField ? (
          <PeriodField value={period} onChange={setPeriod} fill className={filterBar.fullRow} />
        ) : (
          <Loader size="sm" role="status" aria-label="Periode laden" />
        )}
        <CheckboxFilter title="Klas" options={options.classrooms} value={chosen.classrooms} onChange={set('classrooms')} />
        <CheckboxFilter title="Niveau" options={options.studyLevels} value={chosen.studyLevels} onChange={set('studyLevels')} />
        <CheckboxFilter title="Vak" options={options.sections} value={chosen.sections} onChange={set('sections')} />
        <CheckboxFilter title="Module" options={options.chapters} value={chosen.chapters} onChange={set('chapters')} />
      </aside>
      {/* A new filter starts again at page 1 (part 2 §4): the key remounts the pages. */}
      <ActivityTable key={JSON.stringify(body)} body={body} filtered={filtered} onOpen={onOpen} onEmpty={onEmpty} />
    </Group>
  );
}

type ListBody = Record<string, unknown>;

function ActivityTable({
  body,
  filtered,
  onOpen,
  onEmpty,
}: {
  body: ListBody;
  filtered: boolean;
  onOpen: OpenItem;
  onEmpty(empty: boolean): void;
}) {
  const [pages, setPages] = useState(1);
  const [counts, setCounts] = useState<Record<number, number>>({});
  // A transition: the count re-renders every page of rows, which is not urgent.
  const onLoaded = useMemo(
    () => (page: number, count: number) => startTransition(() => setCounts((c) => (c[page] === count ? c : { ...c, [page]: count }))),
    [],
  );
  const first = counts[1];
  useEffect(() => {
    if (!filtered && first !== undefined) onEmpty(first === 0);
  }, [filtered, first, onEmpty]);

  if (first === 0) {
    return (
      <Stack style={{ flex: '1 1 480px' }}>
        {filtered ? <Text role="status">Geen activiteiten gevonden met deze filters.</Text> : <EmptyPortfolio />}
        <ActivityPage body={body} page={1} onOpen={onOpen} onLoaded={onLoaded} hidden />
      </Stack>
    );
  }
  const ended = counts[pages] === 0;
  return (
    <Stack style={{ flex: '1 1 480px', minWidth: 0 }}>
      <DataTable
        columns={['Datum', 'Leerling', 'Klas', 'Module', 'Les', { key: 'open', label: <VisuallyHidden>Bekijken</VisuallyHidden> }]}
        verticalSpacing="sm"
        bodies
      >
        {Array.from({ length: pages }, (_, i) => (
          <ActivityPage key={i + 1} body={body} page={i + 1} onOpen={onOpen} onLoaded={onLoaded} />
        ))}
      </DataTable>
      {first === undefined && (
        <Center>
          <Loader role="status" aria-label="Activiteiten laden" />
        </Center>
      )}
      {first !== undefined && !ended && (
        <Center>
          <Button variant="default" onClick={() => setPages((p) => p + 1)}>
            Eerdere activiteiten inladen
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function ActivityPage({
  body,
  page,
  onOpen,
  onLoaded,
  hidden,
}: {
  body: ListBody;
  page: number;
  onOpen: OpenItem;
  onLoaded(page: number, count: number): void;
  hidden?: boolean;
}) {
  const list = useRead(api.portfolios.list, { query: { moduleFilters: 0 }, body: { ...body, page } });
  const items = list.data;
  useEffect(() => {
    if (items) onLoaded(page, items.length);
  }, [items, page, onLoaded]);
  if (hidden || !items) return null;
  return (
    <Table.Tbody>
      <Sliced>
        {items.map((item) => (
          <ActivityRow key={item.id} item={item} onOpen={onOpen} />
        ))}
      </Sliced>
    </Table.Tbody>
  );
}

function ActivityRow({ item, onOpen }: { item: PortfolioItem; onOpen: OpenItem }) {
  return (
    <Table.Tr>
      <Table.Td>
        <DateTimeText text={formatDateTime(item.updatedAt)} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} href={`/students/form/${item.userId}`} fw={600}>
          {item.userName}
        </Anchor>
      </Table.Td>
      <Table.Td>{item.userClassroom}</Table.Td>
      <Table.Td>{item.chapterTitle}</Table.Td>
      <Table.Td>{item.lessonTitle}</Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          aria-label={`Bekijk portfolio van ${item.userName}`}
          onClick={() => onOpen({ id: item.id, name: item.userName })}
        >
          <IconEye size={22} aria-hidden="true" />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
