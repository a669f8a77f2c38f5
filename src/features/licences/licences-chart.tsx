/**
 * Bought against handed-out licences per module as bars (issue 32). The page's table has the same
 * numbers, so the figure adds no table of its own for screen readers.
 */
import type { Licence } from '../../api/licences/types';
import { ChartFigure } from '../../ui/chart-figure';

const SERIES = [
  { name: 'Gekocht', color: 'blue.7' },
  { name: 'Uitgegeven', color: 'orange.7' },
] as const;

export function LicencesChart({ licences }: { licences: readonly Licence[] }) {
  const data = licences.map((l) => ({ module: l.chapterName, Gekocht: l.licenseCount, Uitgegeven: l.usedLicenseCount }));
  return (
    <ChartFigure
      caption="Licenties per module: gekocht en uitgegeven"
      draw={({ Bars }) => (
        <Bars data={data} dataKey="module" series={SERIES} xAxisLabel="Module" yAxisLabel="Licenties" barWidth={72} stacked={false} />
      )}
    />
  );
}
