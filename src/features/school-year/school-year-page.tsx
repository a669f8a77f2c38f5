/**
 * /school-year ('Nieuw schooljaar', issue 31): the year-change wizard for a school's administrator.
 * Four steps; nothing changes until the last button. Online-only: the plan is the server's preview,
 * and the change is applied in one transaction on the server, never queued.
 */
import '@mantine/core/styles/Stepper.css';
import '@mantine/dates/styles.css';
import '../../ui/mantine-styles-more';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { session } from '../../data/session';
import { confirmAction } from '../../ui/confirm';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/use-online';
import { StepClasses } from './step-classes';
import { StepStart } from './step-start';
import { StepStudents } from './step-students';
import { StepSummary, YearDone } from './step-summary';
import { useYearPlan } from './use-year-plan';
import { ONLINE_ONLY, summaryLine } from './year-rules';

export function SchoolYearPage() {
  usePageTitle('Nieuw schooljaar');
  const { config } = useSnapshot(session);
  const levels = config.study_levels;
  const online = useOnline();
  const state = useYearPlan();
  const [step, setStep] = useState(0);
  const { plan, error } = state;
  // A step after the first needs the server's plan for exactly what is on screen.
  const canGoOn = online && !state.loading && !error && (step === 0 || plan !== null);

  const next = async () => {
    if (step === 0) {
      await state.preview();
    }
    setStep((s) => Math.min(s + 1, 3));
  };
  const apply = async () => {
    if (!plan) return;
    const sure = await confirmAction({
      title: `Schooljaar ${plan.name} instellen`,
      message: `${summaryLine(plan.counts)}. De klassen van ${plan.previousName} worden gearchiveerd. Dit kan niet ongedaan worden gemaakt.`,
      confirmLabel: 'Instellen',
    });
    if (sure) await state.apply();
  };

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
      {state.applied ? (
        <YearDone applied={state.applied} />
      ) : (
        <>
          <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} allowNextStepsSelect={false} size="sm" wrap>
            <Stepper.Step label="Schooljaar" description="Datum en naam">
              <StepStart state={state} />
            </Stepper.Step>
            <Stepper.Step label="Klassen" description="Volgend jaar per klas">
              {plan && <StepClasses plan={plan} state={state} levels={levels} />}
            </Stepper.Step>
            <Stepper.Step label="Leerlingen" description="Uitzonderingen">
              {plan && <StepStudents plan={plan} state={state} levels={levels} />}
            </Stepper.Step>
            <Stepper.Step label="Overzicht" description="Controleren en instellen">
              {plan && <StepSummary plan={plan} levels={levels} />}
            </Stepper.Step>
          </Stepper>
          {error && (
            <Alert color="red" role="alert" title="Dit kan zo niet">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep((s) => Math.max(s - 1, 0))} disabled={step === 0}>
              Vorige
            </Button>
            <Group gap="sm">
              {state.loading && <Loader size="sm" role="status" aria-label="Voorstel bijwerken" />}
              {plan && step > 0 && step < 3 && (
                <Text size="sm" c="dimmed" visibleFrom="sm">
                  {summaryLine(plan.counts)}
                </Text>
              )}
              {step < 3 ? (
                <Button onClick={() => void next()} disabled={!canGoOn}>
                  Volgende
                </Button>
              ) : (
                <Button onClick={() => void apply()} disabled={!canGoOn || !plan} loading={state.applying}>
                  {`Schooljaar ${plan?.name ?? ''} instellen`}
                </Button>
              )}
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}
