/**
 * Per lesson the distribution of Goed / Voldoende / Onvoldoende as stacked bars (issue 32), with a
 * Dutch caption and the same numbers as a table for screen readers (the chart itself is hidden from
 * them). Loaded only on the progress page: recharts is large.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ProgressLesson } from '../../api/portfolios/types';
import { VisuallyHidden } from '../../ui/plain';

const SERIES = [
  { key: 'G', name: 'Goed', color: 'green.7' },
  { key: 'V', name: 'Voldoende', color: 'lime.5' },
  { key: 'O', name: 'Onvoldoende', color: 'red.7' },
] as const;

export function GradeChart({ lessons }: { lessons: readonly ProgressLesson[] }) {
  const data = lessons.map((l, i) => ({ les: `${i + 1}`, Goed: l.grades.G, Voldoende: l.grades.V, Onvoldoende: l.grades.O }));
  const caption = 'Beoordelingen per les: aantal leerlingen met Goed, Voldoende en Onvoldoende';
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontWeight: 700, marginBottom: 8 }}>{caption}</figcaption>
      <div aria-hidden="true" style={{ overflowX: 'auto' }}>
        <BarChart
          h={260}
          miw={Math.max(300, lessons.length * 28)}
          data={data}
          dataKey="les"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          xAxisLabel="Les"
          yAxisLabel="Leerlingen"
          yAxisProps={{ allowDecimals: false }}
          barChartProps={{ accessibilityLayer: false }}
          series={SERIES.map((s) => ({ name: s.name, color: s.color }))}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Les</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lessons.map((l, i) => (
              <tr key={l.id}>
                <th scope="row">{`${i + 1}. ${l.title}`}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{l.grades[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}

export default GradeChart;
