/** /classrooms (part 1 §2 "Classes list"): the school's classes, then inactive students and students without a class. */
import '../../ui/mantine-styles-more';
import { useMemo, useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { Link } from 'wouter';
import { searchRows } from '../../lib/search';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { useCanOpen } from '../../ui/route-access';
import { SearchField } from '../../ui/search-field';
import { StaleNotice } from '../../ui/stale-notice';
import { TouchSwitch } from '../../ui/touch-switch';
import { ArchivedClasses } from './archived-classes';
import { searchableClass } from './class-search';
import { ClassroomsTable } from './classrooms-table';
import { IdleStudents, OrphanStudents } from './student-lists';
import { useClassrooms } from './use-classrooms';

export function ClassroomsPage() {
  usePageTitle('Klassen & leerlingen');
  const data = useClassrooms();
  const canOpen = useCanOpen();
  const [mine, setMine] = useState(false);
  const [query, setQuery] = useState('');
  const levels = data.config.study_levels;
  const classes = useMemo(() => {
    const all = data.school.data ?? [];
    return searchRows(mine ? all.filter((c) => c.mainTeacherId === data.userId) : all, query, searchableClass(levels));
  }, [data.school.data, mine, query, data.userId, levels]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Klassen & leerlingen</Title>
        <Group gap="sm">
          {/* The year change lives with the classes it moves on (a school with licences only). */}
          {canOpen('/school-year') && (
            <Button component={Link} href="/school-year" variant="default" leftSection={<IconCalendarEvent size={18} aria-hidden="true" />}>
              Nieuw schooljaar
            </Button>
          )}
          <Button component={Link} href="/classrooms/form/0" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            Klas toevoegen
          </Button>
        </Group>
      </Group>
      <StaleNotice stale={data.stale} updatedAt={data.updatedAt} />

      <Group align="flex-end" gap="lg" role="search">
        <SearchField
          label="Zoeken op naam, docent, niveau of klascode"
          value={query}
          onChange={setQuery}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <TouchSwitch label="Mijn klassen" checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />
      </Group>

      <ListState
        loading={data.school.loading && !data.school.data}
        loadingLabel="Klassen laden"
        noMatch={classes.length === 0 && (query.trim() ? `Geen klassen gevonden voor ‘${query.trim()}’.` : 'Er zijn nog geen klassen.')}
      >
        <ClassroomsTable classes={classes} userId={data.userId} levels={levels} onDelete={(c) => void data.removeClass(c)} />
      </ListState>

      {/* Below the classes, once they are there: laid out before, these sections jumped down the
          screen as the table filled (a layout shift on a tablet showing both). */}
      {!(data.school.loading && !data.school.data) && (
        <>
          <IdleStudents students={data.idle.data ?? []} classes={data.school.data ?? []} onDelete={(s) => void data.removeStudent(s)} />
          <OrphanStudents
            students={data.orphans.data ?? []}
            systemName={data.config.system_name}
            onDelete={(s) => void data.removeStudent(s)}
          />
          <ArchivedClasses levels={levels} />
        </>
      )}
    </Stack>
  );
}
