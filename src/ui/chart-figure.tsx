/**
 * A chart as a figure (Voortgang, Licenties): its Dutch caption and a table with the same numbers for screen
 * readers are here and show at once; the drawing (recharts, chart-bars.tsx) loads only once the
 * figure comes near the viewport, so the heatmap above it never waits for it (docs/decisions.md,
 * 'Charts load after the heatmap').
 */
import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useInView } from './use-in-view';
import { VisuallyHidden } from './plain';
import { loader, useLoaded } from './use-loaded';

type Charts = typeof import('./chart-bars');
const charts = loader(() => import('./chart-bars'));

export interface ChartTable {
  head: string[];
  rows: { key: string | number; label: string; cells: (string | number)[] }[];
}

/** `table`: the numbers for screen readers; leave it out where the page shows them in a table already. */
export function ChartFigure({ caption, table, draw }: { caption: string; table?: ChartTable; draw(charts: Charts): ReactNode }) {
  const [ref, near] = useInView<HTMLDivElement>();
  const loaded = useLoaded(charts, near);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontWeight: 700, marginBottom: 8 }}>{caption}</figcaption>
      {loaded.value ? (
        <div aria-hidden="true" style={{ overflowX: 'auto' }}>
          {draw(loaded.value)}
        </div>
      ) : (
        <div ref={ref} style={{ minHeight: 300 }}>
          {loaded.failed ? (
            <Text>De grafiek kon niet worden geladen. Controleer de verbinding en laad de pagina opnieuw.</Text>
          ) : (
            <Center py="md">{near && <Loader size="sm" role="status" aria-label="Grafiek laden" />}</Center>
          )}
        </div>
      )}
      {table && (
        <VisuallyHidden>
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {table.head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  {r.cells.map((c, i) => (
                    <td key={i}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      )}
    </figure>
  );
}
