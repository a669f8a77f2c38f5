/** Per lesson the distribution of Goed / Voldoende / Onvoldoende as stacked bars (issue 32). */
import type { ProgressLesson } from '../../api/portfolios/types';
import { ChartFigure } from '../../ui/chart-figure';

const SERIES = [
  { key: 'G', name: 'Goed', color: 'green.7' },
  { key: 'V', name: 'Voldoende', color: 'lime.5' },
  { key: 'O', name: 'Onvoldoende', color: 'red.7' },
] as const;

export function GradeChart({ lessons }: { lessons: readonly ProgressLesson[] }) {
  const data = lessons.map((l, i) => ({ les: `${i + 1}`, Goed: l.grades.G, Voldoende: l.grades.V, Onvoldoende: l.grades.O }));
  return (
    <ChartFigure
      caption="Beoordelingen per les: aantal leerlingen met Goed, Voldoende en Onvoldoende"
      table={{
        head: ['Les', ...SERIES.map((s) => s.name)],
        rows: lessons.map((l, i) => ({ key: l.id, label: `${i + 1}. ${l.title}`, cells: SERIES.map((s) => l.grades[s.key]) })),
      }}
      draw={({ Bars }) => <Bars data={data} dataKey="les" series={SERIES} xAxisLabel="Les" yAxisLabel="Leerlingen" />}
    />
  );
}
