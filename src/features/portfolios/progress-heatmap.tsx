/**
 * The heatmap of 'Voortgang': a table with a row per student and a column per lesson, grouped by
 * module. Each cell shows its state by colour and by a letter; a cell with a portfolio item is a
 * button that opens its feedback modal. One click handler for all cells: a class of 30 × 60 is 1,800.
 */
import type { MouseEvent } from 'react';
import type { ProgressLesson, ProgressStudent } from '../../api/portfolios/types';
import { VisuallyHidden } from '../../ui/plain';
import classes from './progress-heatmap.module.css';
import { lookOf, STATE_LOOKS } from './progress-states';

export interface HeatmapProps {
  lessons: readonly ProgressLesson[];
  chapters: readonly { id: number; name: string }[];
  students: readonly ProgressStudent[];
  onOpen(item: { id: number; name: string }): void;
}

function moduleGroups(lessons: readonly ProgressLesson[], chapters: HeatmapProps['chapters']) {
  const groups: { id: number; name: string; span: number }[] = [];
  for (const l of lessons) {
    const last = groups[groups.length - 1];
    if (last?.id === l.chapterId) last.span += 1;
    else groups.push({ id: l.chapterId, name: chapters.find((c) => c.id === l.chapterId)?.name ?? '', span: 1 });
  }
  return groups;
}

export function ProgressHeatmap({ lessons, chapters, students, onOpen }: HeatmapProps) {
  const open = (e: MouseEvent<HTMLTableElement>) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-item]');
    if (button) onOpen({ id: Number(button.dataset.item), name: button.dataset.name ?? '' });
  };
  return (
    <div className={classes.scroller} tabIndex={0} role="region" aria-label="Voortgang per leerling en les">
      <table className={classes.table} onClick={open}>
        <caption>
          <VisuallyHidden>Voortgang per leerling (rijen) en les (kolommen)</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <td className={classes.corner} />
            {moduleGroups(lessons, chapters).map((g) => (
              <th key={g.id} scope="colgroup" colSpan={g.span} className={classes.module}>
                {g.name}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col" className={`${classes.name} ${classes.corner}`}>
              Leerling
            </th>
            {lessons.map((l, i) => (
              <th key={l.id} scope="col" className={classes.lesson} title={l.title}>
                <span aria-hidden="true">{i + 1}</span>
                <VisuallyHidden>{`Les ${i + 1}: ${l.title}`}</VisuallyHidden>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <tr key={s.id}>
              <th scope="row" className={classes.name} title={s.name}>
                {s.name}
              </th>
              {s.states.map((state, i) => {
                const look = lookOf(state);
                const item = s.items[i];
                const lesson = lessons[i];
                return (
                  <td key={lesson?.id ?? i} style={{ padding: 0 }}>
                    {item ? (
                      <button
                        type="button"
                        className={classes.cell}
                        style={{ background: look.background }}
                        data-item={item}
                        data-name={s.name}
                        data-state={state}
                        aria-label={`${s.name}, les ${i + 1} ${lesson?.title ?? ''}: ${look.label}. Feedback openen`}
                      >
                        {look.symbol}
                      </button>
                    ) : (
                      <div className={classes.cell} style={{ background: look.background, lineHeight: '2.75rem' }} data-state={state}>
                        <span aria-hidden="true">{look.symbol}</span>
                        <VisuallyHidden>{look.label}</VisuallyHidden>
                      </div>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProgressLegend() {
  return (
    <ul className={classes.legend} aria-label="Legenda">
      {STATE_LOOKS.map((l) => (
        <li key={l.state}>
          <span className={classes.swatch} style={{ background: l.background }} aria-hidden="true">
            {l.symbol}
          </span>
          <span>
            {l.label}
          </span>
        </li>
      ))}
    </ul>
  );
}
