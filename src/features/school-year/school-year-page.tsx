/**
 * /school-year ('Nieuw schooljaar', issue 31): the year-change wizard for a school's administrator.
 * Four steps; nothing changes until the last button, which plans the change for its first school day
 * (or applies it now when that day has come, or when asked to). A planned change shows instead of the
 * wizard until its day. Online-only: the plan is the server's preview, and the change is applied in
 * one transaction on the server, never queued.
 */
import '@mantine/dates/styles.css';
import '../../ui/mantine-styles-more';
import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { session } from '../../data/session';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/use-online';
import { ScheduledYear } from './scheduled-year';
import { YearDone } from './step-summary';
import { useYearPlan } from './use-year-plan';
import { YearWizard } from './year-wizard';
import { ONLINE_ONLY } from './year-rules';

export function SchoolYearPage() {
  usePageTitle('Nieuw schooljaar');
  const { config } = useSnapshot(session);
  const online = useOnline();
  const state = useYearPlan();
  const { status, error } = state;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Nieuw schooljaar</Title>
        <Button component={Link} href="/classrooms" variant="default">
          Terug naar klassen
        </Button>
      </Group>
      <Alert
        color={online ? 'blue' : 'red'}
        icon={online ? undefined : <IconWifiOff size={20} aria-hidden="true" />}
        role={online ? undefined : 'alert'}
      >
        {online ? ONLINE_ONLY : `${ONLINE_ONLY} Je bent nu offline.`}
      </Alert>
      {state.notice && (
        <Alert color="green" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          {state.notice}
        </Alert>
      )}
      {state.applied ? (
        <YearDone applied={state.applied} />
      ) : !status ? (
        error ? (
          <Alert color="red" role="alert" title="Dit kan zo niet">
            {error}
          </Alert>
        ) : (
          <Center py="xl">
            <Loader role="status" aria-label="Schooljaar laden" />
          </Center>
        )
      ) : status.scheduled ? (
        <>
          <ScheduledYear planned={status.scheduled} state={state} online={online} />
          {error && (
            <Alert color="red" role="alert" title="Dit kan zo niet">
              {error}
            </Alert>
          )}
        </>
      ) : (
        <YearWizard state={state} levels={config.study_levels} online={online} today={status.today} />
      )}
    </Stack>
  );
}
