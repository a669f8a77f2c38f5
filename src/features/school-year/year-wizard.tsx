/**
 * The wizard's four steps and its buttons. The last step plans the change for its first school day
 * ('Plannen voor …') when that day is still to come, with 'Nu invoeren' beside it as an explicit
 * choice that says it moves every class today; when the day has come, applying now is the only one.
 */
import '@mantine/core/styles/Stepper.css';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Stepper, Text, useMatches } from '@mantine/core';
import type { StudyLevels } from '../../api/session/types';
import { formatDate } from '../../lib/dates';
import { confirmAction } from '../../ui/confirm';
import { StepClasses } from './step-classes';
import { StepStart } from './step-start';
import { StepStudents } from './step-students';
import { StepSummary } from './step-summary';
import type { YearPlanState } from './use-year-plan';
import { summaryLine } from './year-rules';

// Mantine spaces vertical steps for a description under each; without one they sit closer, the label beside the icon's middle.
const VERTICAL = {
  step: { minHeight: 'calc(var(--stepper-icon-size) + var(--mantine-spacing-xs))' },
  stepBody: { minHeight: 'var(--stepper-icon-size)', alignSelf: 'flex-start', justifyContent: 'center' },
} as const;

interface Props {
  state: YearPlanState;
  levels: StudyLevels;
  online: boolean;
  /** Today as the server counts it. */
  today: string;
}

export function YearWizard({ state, levels, online, today }: Props) {
  const [step, setStep] = useState(0);
  // Four steps side by side do not fit a phone: one under the other there; their second lines only where they fit on one.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const wide = useMatches({ base: false, md: true });
  const described = (text: string) => (wide ? text : undefined);
  const { plan, error } = state;
  // A step after the first needs the server's plan for exactly what is on screen.
  const canGoOn = online && !state.loading && !error && (step === 0 || plan !== null);
  const later = plan !== null && plan.startsOn > today;
  const day = plan ? formatDate(plan.startsOn) : '';

  const next = async () => {
    if (step === 0 && !(await state.start())) return;
    setStep((s) => Math.min(s + 1, 3));
  };
  const schedule = async () => {
    if (!plan) return;
    const sure = await confirmAction({
      title: `Schooljaar ${plan.name} plannen`,
      message: `Op ${day} wordt het schooljaar ingevoerd: ${summaryLine(plan.counts)}. De klassen van ${plan.previousName} worden dan gearchiveerd. Tot die dag verandert er niets, en tot dan kun je het plan annuleren.`,
      confirmLabel: 'Plannen',
      danger: false,
    });
    if (sure) await state.schedule();
  };
  const applyNow = async () => {
    if (!plan) return;
    const sure = await confirmAction(
      later
        ? {
            title: `Schooljaar ${plan.name} nu invoeren`,
            message: `Het schooljaar begint pas op ${day}. Als je het nu invoert, krijgen alle klassen vandaag hun nieuwe naam en klascode en worden de klassen van ${plan.previousName} vandaag gearchiveerd, midden in het lopende schooljaar. ${summaryLine(plan.counts)}. Dit kan niet ongedaan worden gemaakt.`,
            confirmLabel: 'Nu invoeren',
          }
        : {
            title: `Schooljaar ${plan.name} instellen`,
            message: `${summaryLine(plan.counts)}. De klassen van ${plan.previousName} worden gearchiveerd. Dit kan niet ongedaan worden gemaakt.`,
            confirmLabel: 'Instellen',
          },
    );
    if (sure) await state.apply();
  };

  return (
    <>
      <Stepper
        active={step}
        onStepClick={(s) => s < step && setStep(s)}
        allowNextStepsSelect={false}
        size="sm"
        orientation={orientation}
        wrap={false}
        styles={orientation === 'vertical' ? VERTICAL : undefined}
      >
        <Stepper.Step label="Schooljaar" description={described('Datum en naam')}>
          <StepStart state={state} />
        </Stepper.Step>
        <Stepper.Step label="Klassen" description={described('Volgend jaar per klas')}>
          {plan && <StepClasses plan={plan} state={state} levels={levels} />}
        </Stepper.Step>
        <Stepper.Step label="Leerlingen" description={described('Uitzonderingen')}>
          {plan && <StepStudents plan={plan} state={state} levels={levels} />}
        </Stepper.Step>
        <Stepper.Step label="Overzicht" description={described('Controleren en instellen')}>
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
        <Group gap="sm" justify="flex-end">
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
          ) : later ? (
            <>
              <Button variant="default" onClick={() => void applyNow()} disabled={!canGoOn} loading={state.busy}>
                Nu invoeren
              </Button>
              <Button onClick={() => void schedule()} disabled={!canGoOn} loading={state.busy}>
                {`Plannen voor ${day}`}
              </Button>
            </>
          ) : (
            <Button onClick={() => void applyNow()} disabled={!canGoOn || !plan} loading={state.busy}>
              {`Schooljaar ${plan?.name ?? ''} instellen`}
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
