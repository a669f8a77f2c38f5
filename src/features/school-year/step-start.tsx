/** Step 1: the day the new school year starts and its name. */
import { Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import type { YearPlanState } from './use-year-plan';
import { CALENDAR_LABELS } from '../../ui/calendar-labels';

export function StepStart({ state }: { state: YearPlanState }) {
  return (
    <Stack gap="md" maw={420}>
      <Text>
        Kies wanneer het nieuwe schooljaar begint. Daarna stel je per klas en per leerling in wat er gebeurt; er verandert pas iets bij de
        laatste stap.
      </Text>
      <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
        <DatePickerInput
          ariaLabels={CALENDAR_LABELS}
          label="Eerste schooldag"
          value={state.startsOn}
          onChange={(v) => state.setStartsOn(v)}
          valueFormat="D MMMM YYYY"
          size="md"
          required
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
      />
    </Stack>
  );
}
