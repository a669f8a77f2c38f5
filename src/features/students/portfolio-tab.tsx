/**
 * The student's portfolio (part 2 §2 'Portfolio tab'): filters Klas, Vak and Module, a search over
 * the lessons, newest or oldest first, and cards that open the feedback modal. One read holds all of
 * the student's work, so filtering happens here and works offline.
 */
import '../../ui/mantine-styles-more';
import { useMemo, useState } from 'react';
import { Button, Group, Image, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFilterOff, IconMessage } from '@tabler/icons-react';
import { api } from '../../api/catalogue';
import type { Option, PortfolioItem } from '../../api/portfolios/types';
import { useRead } from '../../data/use-read';
import { formatDateTime } from '../../lib/dates';
import { activeFilter } from '../../lib/filter-groups';
import { CheckboxFilter } from '../../ui/checkbox-filter';
import { SearchField } from '../../ui/search-field';
import { EmptyPortfolio } from '../../widgets/portfolio-feedback/empty-portfolio';
import filterBar from '../../ui/filter-bar.module.css';

type Sort = 'newest' | 'oldest';
interface Chosen {
  classrooms: string[];
  sections: string[];
  chapters: string[];
}
const NONE: Chosen = { classrooms: [], sections: [], chapters: [] };

/** Items match options by name: an item carries its class, subject and module as text. */
const names = (chosen: string[], options: Option[]) => {
  const all = options.map((o) => String(o.id));
  const active = activeFilter(chosen, all);
  return active.length ? new Set(options.filter((o) => active.includes(String(o.id))).map((o) => o.name)) : null;
};

function filterItems(
  items: readonly PortfolioItem[],
  chosen: Chosen,
  options: { classrooms: Option[]; sections: Option[]; chapters: Option[] },
  search: string,
  sort: Sort,
) {
  const classes = names(chosen.classrooms, options.classrooms);
  const sections = names(chosen.sections, options.sections);
  const chapters = names(chosen.chapters, options.chapters);
  const q = search.trim().toLowerCase();
  return items
    .filter(
      (i) =>
        (!classes || classes.has(i.userClassroom)) &&
        (!sections || sections.has(i.sectionTitle)) &&
        (!chapters || chapters.has(i.chapterTitle)),
    )
    .filter((i) => !q || i.lessonTitle.toLowerCase().includes(q))
    .sort((a, b) => (sort === 'newest' ? b.updatedAt.localeCompare(a.updatedAt) : a.updatedAt.localeCompare(b.updatedAt)));
}

export function PortfolioTab({ userId, onOpen }: { userId: number; onOpen(item: { id: number; name: string }): void }) {
  const read = useRead(api.students.portfolio, { params: { userId } });
  const [chosen, setChosen] = useState<Chosen>(NONE);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  const data = read.data;
  const options = useMemo(
    () => ({ classrooms: data?.classrooms ?? [], sections: data?.sections ?? [], chapters: data?.chapters ?? [] }),
    [data],
  );
  const items = useMemo(() => filterItems(data?.items ?? [], chosen, options, search, sort), [data, chosen, options, search, sort]);
  const opts = (list: Option[]) => list.map((o) => ({ value: String(o.id), label: o.name }));
  const set = (group: keyof Chosen) => (value: string[]) => setChosen((c) => ({ ...c, [group]: value }));

  if (read.loading && !data) return <Text role="status">Portfolio laden</Text>;
  if (!data || data.items.length === 0) return <EmptyPortfolio />;
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <aside className={filterBar.bar} aria-label="Filters">
        <SearchField label="Zoeken op les" value={search} onChange={setSearch} />
        <Button
          variant="default"
          leftSection={<IconFilterOff size={18} aria-hidden="true" />}
          onClick={() => {
            setChosen(NONE);
            setSearch('');
          }}
        >
          Filters wissen
        </Button>
        <CheckboxFilter title="Klas" options={opts(options.classrooms)} value={chosen.classrooms} onChange={set('classrooms')} />
        <CheckboxFilter title="Vak" options={opts(options.sections)} value={chosen.sections} onChange={set('sections')} />
        <CheckboxFilter title="Module" options={opts(options.chapters)} value={chosen.chapters} onChange={set('chapters')} />
      </aside>
      <Stack style={{ flex: '1 1 420px' }}>
        <Select
          label="Sorteren op:"
          data={[
            { value: 'newest', label: 'Nieuwste' },
            { value: 'oldest', label: 'Oudste' },
          ]}
          value={sort}
          onChange={(v) => setSort((v as Sort | null) ?? 'newest')}
          allowDeselect={false}
          w={200}
        />
        {items.length === 0 ? (
          <Text role="status">Geen portfolio-items gevonden met deze filters.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((item) => (
              <PortfolioCard key={item.id} item={item} onOpen={() => onOpen({ id: item.id, name: item.userName })} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Group>
  );
}

function PortfolioCard({ item, onOpen }: { item: PortfolioItem; onOpen(): void }) {
  const image = item.file ?? item.chapterLessonImage;
  return (
    <UnstyledButton
      onClick={onOpen}
      style={{
        overflow: 'hidden',
        textAlign: 'left',
        width: '100%',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-md)',
        display: 'block',
      }}
    >
      {image && <Image src={image} alt="" h={140} fit="cover" />}
      <Stack gap={2} p="sm" component="span">
        <Text size="sm" component="span">
          {item.sectionTitle}
        </Text>
        <Text fw={700} component="span">
          {item.lessonTitle}
        </Text>
        <Text size="sm" component="span">
          {item.chapterTitle}
        </Text>
        <Group justify="space-between" component="span">
          <Text size="sm" component="span">
            Laatst gewijzigd: {formatDateTime(item.updatedAt)}
          </Text>
          <IconMessage size={20} aria-hidden="true" />
        </Group>
      </Stack>
    </UnstyledButton>
  );
}
