/** Step 1: the day the new school year starts and its name, checked here before the server is asked. */
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { formatDate } from '../../lib/dates';
import type { YearPlanState } from './use-year-plan';
import { CALENDAR_LABELS } from '../../ui/calendar-labels';

export function StepStart({ state }: { state: YearPlanState }) {
  const last = state.status?.lastApplied;
  return (
    <Stack gap="md" maw={420}>
      <Text>
        Kies wanneer het nieuwe schooljaar begint. Daarna stel je per klas en per leerling in wat er gebeurt; er verandert pas iets bij de
        laatste stap.
      </Text>
      {last && (
        <Alert color="blue" variant="light">
          Schooljaar {last.name} is al ingesteld op {formatDate(last.appliedAt)}. Hieronder staat het schooljaar daarna.
        </Alert>
      )}
      <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
        <DatePickerInput
          ariaLabels={CALENDAR_LABELS}
          label="Eerste schooldag"
          value={state.startsOn}
          onChange={(v) => state.setStartsOn(v)}
          // A year that is over cannot be set (the server refuses it too).
          minDate={state.status?.earliestStart}
          valueFormat="D MMMM YYYY"
          size="md"
          required
          error={state.fieldErrors.startsOn}
          popoverProps={{ withinPortal: true }}
          previousLabel="Vorige maand"
          nextLabel="Volgende maand"
        />
      </DatesProvider>
      <TextInput
        label="Naam van het schooljaar"
        description="Bijvoorbeeld 2027-2028"
        value={state.name}
        onChange={(e) => state.setName(e.currentTarget.value)}
        size="md"
        required
        error={state.fieldErrors.name}
      />
    </Stack>
  );
}
