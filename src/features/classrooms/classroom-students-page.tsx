/**
 * /classrooms/students/{id} (part 1 §2 "Class students"): a class's students with search and bulk
 * actions. A class of last year (archived by the year change, issue 31) is read-only: no edit, move or
 * delete actions and no class code, with a notice that says why.
 */
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartGridDots, IconPencil } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Classroom } from '../../api/classrooms/types';
import { helpCentre } from '../../lib/help-link';
import { students as studentsText } from '../../lib/plural';
import { searchRows } from '../../lib/search';
import { CopyButton } from '../../ui/copy-button';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { useCanOpen } from '../../ui/route-access';
import { SearchField } from '../../ui/search-field';
import { StaleNotice } from '../../ui/stale-notice';
import { ArchivedNotice } from './archived-notice';
import { BulkBar } from './bulk-bar';
import { searchableStudent } from './class-search';
import { ClassNotFound, classIdOf } from './class-not-found';
import { ClassStudentsTable } from './class-students-table';
import { MoveDialog } from './move-dialog';
import { useClassStudents } from './use-class-students';

export function ClassroomStudentsPage({ params }: { params: { id?: string } }) {
  const classId = classIdOf(params.id);
  // 0 is the new-class form's id, never a class with students.
  if (!classId) return <ClassNotFound />;
  return <StudentsOfClass classId={classId} />;
}

function StudentsOfClass({ classId }: { classId: number }) {
  const data = useClassStudents(classId);
  const canOpen = useCanOpen();
  const room = data.details.data?.id === classId ? data.details.data : undefined;
  usePageTitle(room ? `Klas ${room.name}` : 'Klas');
  const [query, setQuery] = useState('');
  const all = data.list.data;
  const { system_name: systemName, study_levels: levels } = data.config;
  const found = useMemo(() => searchRows(all ?? [], query, searchableStudent(systemName, levels)), [all, query, systemName, levels]);
  const help = helpCentre(data.config.handige_links);
  const selectedCount = [...data.selected].filter((id) => all?.some((s) => s.id === id)).length;
  const archivedYear = room?.archivedYear ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={1}>{room?.name ?? 'Klas'}</Title>
          {all && <Text c="dimmed">{studentsText(all.length)}</Text>}
        </Stack>
        <Group gap="sm">
          {canOpen(`/classrooms/progress/${classId}`) && (
            <Button
              component={Link}
              href={`/classrooms/progress/${classId}`}
              variant="default"
              leftSection={<IconChartGridDots size={18} aria-hidden="true" />}
            >
              Voortgang
            </Button>
          )}
          {!archivedYear && (
            <Button
              component={Link}
              href={`/classrooms/form/${classId}`}
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden="true" />}
            >
              Klas wijzigen
            </Button>
          )}
        </Group>
      </Group>
      {room && archivedYear && <ArchivedNotice name={room.name} year={archivedYear} />}
      <StaleNotice stale={data.list.stale} updatedAt={data.list.updatedAt} />

      {!all ? (
        <ListState loading={!data.list.error} loadingLabel="Leerlingen laden" error={data.list.error?.message}>
          {null}
        </ListState>
      ) : all.length === 0 ? (
        archivedYear ? (
          <Text>Er zaten geen leerlingen in deze klas.</Text>
        ) : (
          <EmptyClass room={room} help={help} />
        )
      ) : (
        <>
          <SearchField label="Zoeken in leerlingen" value={query} onChange={setQuery} maw={420} />
          {!archivedYear && (
            <BulkBar
              action={data.action}
              onAction={data.setAction}
              selected={selectedCount}
              busy={data.busy}
              onRun={() => void data.run()}
            />
          )}
          {found.length === 0 ? (
            <Text role="status">Geen leerlingen gevonden voor ‘{query.trim()}’.</Text>
          ) : (
            <ClassStudentsTable
              students={found}
              selected={data.selected}
              onSelect={data.select}
              onDelete={(s) => void data.removeStudent(s)}
              readOnly={!!archivedYear}
              systemName={data.config.system_name}
              frontUrl={data.config.front_url}
              levels={data.config.study_levels}
            />
          )}
        </>
      )}

      <MoveDialog
        opened={data.moving && !archivedYear}
        classes={data.school.data ?? []}
        currentId={classId}
        count={selectedCount}
        onClose={data.closeMove}
        onMove={(target) => void data.moveTo(target)}
      />
    </Stack>
  );
}

/** An empty class of this year: students join it with its class code (part 1 §2). */
function EmptyClass({ room, help }: { room: Classroom | undefined; help: ReturnType<typeof helpCentre> }) {
  return (
    <Stack gap="xs" component="section" aria-label="Lege klas">
      <Text>Er zitten nog geen leerlingen in deze klas. Leerlingen melden zich aan met de klascode:</Text>
      {room?.accessCode && (
        <Group gap="xs">
          <Text ff="monospace" fw={700} size="xl">
            {room.accessCode}
          </Text>
          <CopyButton value={room.accessCode} label={`Klascode van ${room.name} kopiëren`} />
        </Group>
      )}
      {help && (
        <Anchor href={help.url} target="_blank" rel="noopener noreferrer">
          Hoe melden leerlingen zich aan? Lees het in het {help.title.toLowerCase()}
        </Anchor>
      )}
    </Stack>
  );
}
