/**
 * The charts of 'Voortgang' and 'Licenties' (issue 32), drawn with @mantine/charts on recharts. Only the drawing is
 * here: recharts is ~125 KB gz, so this module loads after the heatmap, when the reader gets near the
 * charts (chart-figure.tsx); their captions and screen-reader tables are in the page and show at once.
 */
import '@mantine/charts/styles.css';
// The legend's colour dots; the shared Mantine styles leave it out (no other screen uses it).
import '@mantine/core/styles/ColorSwatch.css';
import { BarChart } from '@mantine/charts';

export interface ChartSeries {
  name: string;
  color: string;
}

export interface BarsProps {
  data: Record<string, string | number>[];
  dataKey: string;
  series: readonly ChartSeries[];
  xAxisLabel: string;
  yAxisLabel: string;
  /** Width per bar, so many bars scroll in their box instead of squeezing. */
  barWidth?: number;
  /** Series stacked in one bar (parts of a whole), or side by side (amounts to compare). */
  stacked?: boolean;
}

/** Bars with a legend; hidden from screen readers (the figure's table, or the page's, says the same). */
export function Bars({ data, dataKey, series, xAxisLabel, yAxisLabel, barWidth = 28, stacked = true }: BarsProps) {
  return (
    <BarChart
      h={260}
      miw={Math.max(300, data.length * barWidth)}
      data={data}
      dataKey={dataKey}
      type={stacked ? 'stacked' : 'default'}
      withLegend
      // In the order of the series (recharts sorts by name by default: Goed, Onvoldoende, Voldoende).
      legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
      xAxisLabel={xAxisLabel}
      yAxisLabel={yAxisLabel}
      yAxisProps={{ allowDecimals: false }}
      barChartProps={{ accessibilityLayer: false }}
      series={series.map((s) => ({ name: s.name, color: s.color }))}
    />
  );
}
