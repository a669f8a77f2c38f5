/**
 * /classrooms/progress/{id} 'Voortgang' (issue 32): where a class is, at a glance. A heatmap of its
 * students × the lessons of its modules, sortable by name or progress, one module or all, within a
 * period; a tap on a cell opens that item's feedback modal (grading works offline as everywhere).
 * The read goes through the read cache like every screen, and 'Offline beschikbaar maken' prepares it.
 */
import '../../ui/mantine-styles-more';
import { useCallback, useMemo, useState } from 'react';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { api } from '../../api/catalogue';
import { useRead } from '../../data/use-read';
import { ListState } from '../../ui/list-state';
import { NativeSelect } from '../../ui/native-select';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { loader, useLoaded } from '../../ui/use-loaded';
import { FeedbackModal } from '../../widgets/portfolio-feedback/feedback-modal';
import { useFeedback } from '../../widgets/portfolio-feedback/use-feedback';
import { ActivityChart } from './activity-chart';
import { GradeChart } from './grade-chart';
import { ProgressHeatmap, ProgressLegend } from './progress-heatmap';
import { visibleProgress, type StudentSort } from './progress-states';
import type { Period } from './period-filter';

// The date picker is not needed for the first look: it loads beside the heatmap. The charts' drawing
// loads later still, when the reader gets near it (chart-figure.tsx).
const periodFilter = loader(() => import('./period-filter').then((m) => m.PeriodFilter));

const SORTS: { value: StudentSort; label: string }[] = [
  { value: 'name', label: 'Naam' },
  { value: 'least', label: 'Minst ver eerst' },
  { value: 'most', label: 'Verst eerst' },
];

export function ProgressPage({ params }: { params: { id?: string } }) {
  const classId = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const [period, setPeriod] = useState<Period>({ from: null, to: null });
  // Without a period exactly the call the offline copy makes, so a prepared class opens offline.
  const query =
    period.from || period.to ? { query: { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) } } : {};
  const read = useRead(api.portfolios.progress, { params: { id: classId }, ...query }, { enabled: classId > 0 });
  const progress = read.data?.classroomId === classId ? read.data : undefined;
  usePageTitle(progress ? `Voortgang ${progress.classroomName}` : 'Voortgang');
  const [chapter, setChapter] = useState<number | null>(null);
  const [sort, setSort] = useState<StudentSort>('name');
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const feedback = useFeedback(open?.id ?? null);
  const shown = useMemo(() => (progress ? visibleProgress(progress, chapter, sort) : null), [progress, chapter, sort]);
  const Period = useLoaded(periodFilter).value;
  // The charts wait for the heatmap's last row: their drawing is a long task that would land between its
  // rows, and until then a short heatmap puts them near the viewport (and loads recharts) too early.
  const [heatmapDrawn, setHeatmapDrawn] = useState(false);
  const drawnOnce = useCallback(() => setHeatmapDrawn(true), []);

  const close = () => {
    setOpen(null);
    // A grade given in the modal changes the cell.
    void read.reload();
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} href={`/classrooms/students/${classId}`}>
          Terug naar de klas
        </Anchor>
        <Title order={1}>{progress ? `Voortgang ${progress.classroomName}` : 'Voortgang'}</Title>
      </Stack>
      <StaleNotice stale={read.stale} updatedAt={read.updatedAt} />
      {read.error && progress && (
        <Alert color="red" variant="light" role="alert">
          <Text c="dark.9">{read.error.message}</Text>
        </Alert>
      )}
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label="Module"
          value={chapter === null ? '' : String(chapter)}
          onChange={(e) => setChapter(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data={[{ value: '', label: 'Alle modules' }, ...(progress?.chapters ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
          style={{ minWidth: '14rem' }}
        />
        <NativeSelect
          label="Sorteren op"
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as StudentSort)}
          data={SORTS}
          style={{ minWidth: '12rem' }}
        />
        {Period ? <Period value={period} onChange={setPeriod} /> : <Loader size="sm" role="status" aria-label="Periode laden" />}
      </Group>

      {!shown ? (
        <ListState loading={!read.error} loadingLabel="Voortgang laden" error={read.error?.message}>
          {null}
        </ListState>
      ) : shown.students.length === 0 ? (
        <Text>Er zitten nog geen leerlingen in deze klas.</Text>
      ) : shown.lessons.length === 0 ? (
        <Text>Deze klas heeft nog geen modules met lessen.</Text>
      ) : (
        <>
          <ProgressLegend />
          <ProgressHeatmap
            lessons={shown.lessons}
            chapters={progress?.chapters ?? []}
            students={shown.students}
            onOpen={setOpen}
            onDrawn={drawnOnce}
          />
          {heatmapDrawn && <GradeChart lessons={shown.lessons} />}
          {heatmapDrawn && progress?.activityPerDay && <ActivityChart days={progress.activityPerDay} to={progress.to} />}
        </>
      )}
      <FeedbackModal opened={open !== null} name={open?.name ?? ''} onClose={close} {...feedback} />
    </Stack>
  );
}
