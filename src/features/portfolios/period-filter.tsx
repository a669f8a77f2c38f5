/**
 * 'Periode' (issue 32): a date range in Dutch. Loaded only where it is shown, with its stylesheet, so
 * @mantine/dates stays out of the first load of /login and /index.
 */
import '@mantine/dates/styles.css';
import '../../lib/dates';
import { useState } from 'react';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { CALENDAR_LABELS } from '../../ui/calendar-labels';

export interface Period {
  from: string | null;
  to: string | null;
}

/** `fill`: as wide as its column (the filter bar) instead of at least 16rem. */
export function PeriodFilter({
  value,
  onChange,
  fill,
  className,
}: {
  value: Period;
  onChange(p: Period): void;
  fill?: boolean;
  className?: string;
}) {
  // The first day of a range being chosen: shown in the calendar, not yet a period for the list. The
  // field is controlled, so without it the first tap would be lost and the range never complete.
  const [start, setStart] = useState<string | null>(null);
  const change = ([from, to]: DatesRangeValue<string>) => {
    if (from && !to) {
      setStart(from);
      return;
    }
    setStart(null);
    onChange({ from: from ?? null, to: to ?? null });
  };
  return (
    <DatePickerInput
      type="range"
      className={className}
      label="Periode"
      placeholder="Hele schooljaar"
      locale="nl"
      valueFormat="D MMM YYYY"
      clearable
      allowSingleDateInRange
      value={start ? [start, null] : [value.from, value.to]}
      onChange={change}
      maxDate={new Date()}
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ 'aria-label': 'Periode wissen' }}
      // Mantine's placeholder grey is below 4.5:1 on white; this text is read, not a hint.
      style={fill ? { width: '100%' } : { minWidth: '16rem' }}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}
