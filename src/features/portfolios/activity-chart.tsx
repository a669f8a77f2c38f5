/** The class's activity per day over the last four weeks, as bars (issue 32). */
import type { ClassProgress } from '../../api/portfolios/types';
import { formatDay, formatShortDay } from '../../lib/dates';
import { ChartFigure } from '../../ui/chart-figure';

const SERIES = [{ name: 'Activiteiten', color: 'blue.7' }] as const;

/** `to`: the end of the chosen period; without one the four weeks end today. */
export function ActivityChart({ days, to }: { days: NonNullable<ClassProgress['activityPerDay']>; to: string | null }) {
  const data = days.map((d) => ({ dag: formatShortDay(d.day), Activiteiten: d.n }));
  return (
    <ChartFigure
      caption={`Activiteit in de klas per dag, ${to ? `de vier weken tot en met ${formatDay(to)}` : 'de laatste vier weken'}`}
      table={{ head: ['Dag', 'Activiteiten'], rows: days.map((d, i) => ({ key: d.day, label: data[i]!.dag, cells: [d.n] })) }}
      draw={({ Bars }) => <Bars data={data} dataKey="dag" series={SERIES} xAxisLabel="Dag" yAxisLabel="Activiteiten" barWidth={24} />}
    />
  );
}
