/**
 * Dutch names for the calendar's arrows and headings: without them Mantine's date pickers give those
 * buttons no name, and a screen reader reads "knop" for each.
 */
import type { CalendarAriaLabels } from '@mantine/dates';

export const CALENDAR_LABELS: CalendarAriaLabels = {
  previousMonth: 'Vorige maand',
  nextMonth: 'Volgende maand',
  previousYear: 'Vorig jaar',
  nextYear: 'Volgend jaar',
  previousDecade: 'Vorige tien jaar',
  nextDecade: 'Volgende tien jaar',
  monthLevelControl: 'Kies een maand',
  yearLevelControl: 'Kies een jaar',
};
