/**
 * The heatmap of 'Voortgang': a table with a row per student and a column per lesson, grouped by
 * module. Each cell shows its state by colour and by a letter; a cell with a portfolio item is a
 * button that opens its feedback modal. One click handler for all cells: a class of 30 × 60 is 1,800.
 */
import { useEffect, useState, type CSSProperties, type MouseEvent } from 'react';
import type { ProgressLesson, ProgressStudent } from '../../api/portfolios/types';
import { VisuallyHidden } from '../../ui/plain';
import classes from './progress-heatmap.module.css';
import { lookOf, STATE_LOOKS } from './progress-states';

export interface HeatmapProps {
  lessons: readonly ProgressLesson[];
  chapters: readonly { id: number; name: string }[];
  students: readonly ProgressStudent[];
  onOpen(item: { id: number; name: string }): void;
  /** Every row is drawn (the first time): what comes below may start its own work. */
  onDrawn?(): void;
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

/** Rows drawn per frame: style and layout of a 30 × 60 table at once is a task of over 100 ms on a tablet. */
const ROWS_PER_FRAME = 6;

/** How many of `total` rows to draw: a first screenful at once, then ROWS_PER_FRAME more after each paint. */
function useRowsDrawn(total: number): number {
  const [drawn, setDrawn] = useState(ROWS_PER_FRAME);
  useEffect(() => {
    if (drawn >= total) return;
    // After the next paint, so each batch is a task of its own.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setDrawn((n) => n + ROWS_PER_FRAME));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn, total]);
  return Math.min(drawn, total);
}

export function ProgressHeatmap({ lessons, chapters, students, onOpen, onDrawn }: HeatmapProps) {
  const drawn = useRowsDrawn(students.length);
  const done = drawn >= students.length;
  useEffect(() => {
    if (done) onDrawn?.();
  }, [done, onDrawn]);
  const open = (e: MouseEvent<HTMLTableElement>) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-item]');
    if (button) onOpen({ id: Number(button.dataset.item), name: button.dataset.name ?? '' });
  };
  return (
    // Focusable so a keyboard can scroll the wide grid (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
    <div className={classes.scroller} tabIndex={0} role="region" aria-label="Voortgang per leerling en les">
      {/* A fixed layout from the columns' widths: an automatic one measured all 1,800 cells (60 ms on a tablet's CPU). */}
      {/* One listener for 1,800 cells: the clicks come from the cells' own buttons, which take Enter and Space themselves. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions */}
      <table className={classes.table} style={{ '--lessons': lessons.length } as CSSProperties} onClick={open}>
        <caption>
          <VisuallyHidden>Voortgang per leerling (rijen) en les (kolommen)</VisuallyHidden>
        </caption>
        <colgroup>
          <col className={classes.nameColumn} />
          {lessons.map((l) => (
            <col key={l.id} className={classes.lessonColumn} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className={classes.corner} />
            {moduleGroups(lessons, chapters).map((g) => (
              <th key={g.id} scope="colgroup" colSpan={g.span} className={classes.module} title={g.name}>
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
          {students.slice(0, drawn).map((s) => (
            <tr key={s.id}>
              <th scope="row" className={classes.name} title={s.name}>
                {s.name}
              </th>
              {s.states.map((state, i) => {
                const look = lookOf(state);
                const item = s.items[i];
                const lesson = lessons[i];
                return (
                  <td
                    key={lesson?.id ?? i}
                    className={item ? undefined : classes.stateCell}
                    style={item ? undefined : { background: look.background }}
                    data-state={item ? undefined : state}
                  >
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
                      // One element, not a hidden text beside the symbol: 1,800 cells cost their elements.
                      <span role="img" aria-label={look.label}>
                        {look.symbol}
                      </span>
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
          <span>{l.label}</span>
        </li>
      ))}
    </ul>
  );
}
