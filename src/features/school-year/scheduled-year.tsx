/**
 * A year change planned for its first school day: what happens on that day, and the two choices until
 * then, 'Annuleren' (nothing changes, the wizard starts afresh) and 'Nu invoeren' (today, said so).
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { YearStatus } from '../../api/school-year/types';
import { formatDate } from '../../lib/dates';
import { confirmAction } from '../../ui/confirm';
import type { YearPlanState } from './use-year-plan';
import { summaryLine } from './year-rules';

type Scheduled = NonNullable<YearStatus['scheduled']>;

export function ScheduledYear({ planned, state, online }: { planned: Scheduled; state: YearPlanState; online: boolean }) {
  const day = formatDate(planned.startsOn);
  const now = async () => {
    const sure = await confirmAction({
      title: `Schooljaar ${planned.name} nu invoeren`,
      message: `Het schooljaar begint pas op ${day}. Als je het nu invoert, krijgen alle klassen vandaag hun nieuwe naam en klascode en worden de klassen van dit schooljaar vandaag gearchiveerd, midden in het lopende schooljaar. Dit kan niet ongedaan worden gemaakt.`,
      confirmLabel: 'Nu invoeren',
    });
    if (sure) await state.applyScheduled();
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h3">
            Gepland voor {day}
          </Title>
          <Text>
            Schooljaar {planned.name} wordt op {day} ingevoerd: dan krijgen de klassen hun nieuwe naam en klascode en worden de klassen van
            nu gearchiveerd. Tot die dag verandert er niets.
          </Text>
          {planned.counts && <Text>Zoals het er nu voor staat: {summaryLine(planned.counts)}.</Text>}
          <Text size="sm" c="dimmed">
            Gepland door {planned.scheduledBy ?? 'een beheerder'} op {formatDate(planned.scheduledAt)}.
          </Text>
        </Stack>
      </Paper>
      {planned.problem && (
        <Alert color="red" role="alert" title="Zo kan het niet worden ingevoerd">
          {planned.problem} Annuleer het plan en maak een nieuw.
        </Alert>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={() => void state.cancel()} disabled={!online || state.busy}>
          Annuleren
        </Button>
        <Button onClick={() => void now()} disabled={!online || state.busy || planned.counts === null}>
          Nu invoeren
        </Button>
      </Group>
    </Stack>
  );
}
